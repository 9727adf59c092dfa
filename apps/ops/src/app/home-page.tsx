import { useTranslation } from 'react-i18next';
import { AuditLog } from '../features/audit/components/audit-log.tsx';
import { AddPasskey } from '../features/passkeys/components/add-passkey.tsx';
import { useOpsSession } from '../lib/ops-session.ts';

/** Home: a welcome with the staff member's name and role, their passkeys; for admins, the audit log under it. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useOpsSession();
  if (!session) return null;
  const { name, role } = session.staff;
  return (
    <section className="page">
      <h1>{t('home.welcome', { name })}</h1>
      <p>{t('home.role', { role: t(`roles.${role}`) })}</p>
      <AddPasskey passkeys={session.staff.passkeys} />
      {role === 'admin' && <AuditLog />}
    </section>
  );
}

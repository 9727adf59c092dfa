import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { STAFF_PASSWORD_MIN } from '@vm/domain/staff';
import { Field } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useOpsSession } from '../../../lib/ops-session.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useSetupLink } from '../api/check-setup-link.ts';
import { useSetUpPasskey } from '../api/set-up-passkey.ts';
import { useSetUpPassword } from '../api/set-up-password.ts';

/** The one-time set-up link: a passkey on this device, or a password with an authenticator app's code. */
export function SetupPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = useSetupLink(token);
  const session = useOpsSession();
  const passkey = useSetUpPasskey();
  const password = useSetUpPassword();
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});

  // Done (either way): the session is stored and the app opens.
  if (session && (passkey.isSuccess || password.isSuccess)) return <Navigate to="/" replace />;
  if (link.isPending) return <p className="loading">{t('loading')}</p>;
  if (link.isError) {
    return (
      <section className="page page-narrow">
        <h1>{t('setup.title')}</h1>
        <p className="form-error" role="alert">
          {refusalText(link.error, t('setup.invalid'))}
        </p>
      </section>
    );
  }
  const info = link.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string> = {};
    if (secret.length < STAFF_PASSWORD_MIN) errors.password = 'staff_password_min';
    if (!/^\d{6}$/.test(code.trim())) errors.code = code.trim() ? 'code_format' : 'required';
    setMissing(errors);
    if (Object.keys(errors).length === 0) password.mutate({ token, password: secret, code: code.trim() });
  };
  const error = (field: string) => missing[field] ?? fieldErrorOf(password.error, field);
  const refusal = refusalText(password.error, t('setup.failed')) ?? (passkey.error ? refusalText(passkey.error, t('setup.passkeyFailed')) : null);

  return (
    <section className="page page-narrow">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro', { name: info.name, email: info.email, role: t(`roles.${info.role}`) })}</p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {passkeysSupported() && (
        <section aria-labelledby="setup-passkey">
          <h2 id="setup-passkey">{t('setup.passkeyTitle')}</h2>
          <p>{t('setup.passkeyText')}</p>
          <button type="button" className="button button-primary button-block" disabled={passkey.isPending} onClick={() => passkey.mutate(token)}>
            {t('setup.passkeyButton')}
          </button>
        </section>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="setup-password">
        <h2 id="setup-password">{t('setup.passwordTitle')}</h2>
        <p>{t('setup.totpText')}</p>
        <dl className="details">
          <dt>{t('setup.secret')}</dt>
          <dd>
            <code data-testid="totp-secret">{info.totp_secret}</code>
          </dd>
          <dt>{t('setup.uri')}</dt>
          <dd>
            <a href={info.otpauth_uri}>{t('setup.uriLink')}</a>
          </dd>
        </dl>
        <Field label={t('setup.password')} hint={t('setup.passwordHint', { min: STAFF_PASSWORD_MIN })} type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} error={error('password')} required />
        <Field label={t('setup.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={error('code')} required />
        <button type="submit" className="button button-secondary button-block" disabled={password.isPending}>
          {t('setup.passwordButton')}
        </button>
      </form>
    </section>
  );
}

import { birthdayFromMask, birthdayToMask, updateUserSchema, type User } from '@vm/domain/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneVerification } from '../../../components/phone-verification.tsx';
import { maskBirthday } from '../../../components/ui/birthday-input.ts';
import { CountrySelect } from '../../../components/ui/country-select.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TOAST_MS, useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/form.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { updateUser } from '../api/update-user.ts';

export function EditUserPage() {
  const user = useCurrentUser().data;
  return user ? <EditUserForm user={user} /> : null;
}

function EditUserForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    birthday: birthdayToMask(user.birthday),
    cellphone: user.cellphone,
    country: user.address.country,
    formatted: user.address.formatted,
  });
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const phoneChanged = form.cellphone.replace(/\s/g, '') !== user.cellphone;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(updateUserSchema(), {
      first_name: form.first_name,
      last_name: form.last_name,
      cellphone: form.cellphone,
      birthday: birthdayFromMask(form.birthday) ?? (form.birthday ? 'invalid' : ''),
      address: { country: form.country, formatted: form.formatted },
      ...(verificationToken ? { verification_token: verificationToken } : {}),
    });
    setErrors(v.errors ?? {});
    if (!v.data) return;
    if (phoneChanged && !verificationToken) {
      setErrors({ cellphone: 'phone_not_verified' });
      return;
    }
    setBusy(true);
    try {
      await updateUser(v.data);
      toast(t('editUser.saved'), 'success');
      navigate('/account');
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(serverFieldErrors(err));
      else toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page page-narrow">
      <h1>{t('editUser.title')}</h1>
      <form onSubmit={submit} noValidate>
        <div className="field-pair">
          <Field label={t('editUser.firstName')} autoComplete="given-name" value={form.first_name} onChange={set('first_name')} error={errors.first_name} />
          <Field label={t('editUser.lastName')} autoComplete="family-name" value={form.last_name} onChange={set('last_name')} error={errors.last_name} />
        </div>
        <Field
          label={t('editUser.birthday')}
          inputMode="numeric"
          placeholder="DD/MM/JJJJ"
          value={form.birthday}
          onChange={(e) => setForm((f) => ({ ...f, birthday: maskBirthday(e.target.value) }))}
          hint={t('editUser.birthdayHint')}
          error={errors.birthday}
        />
        <PhoneVerification
          cellphone={form.cellphone}
          onCellphoneChange={(cellphone) => setForm((f) => ({ ...f, cellphone }))}
          onVerified={setVerificationToken}
          bearer={async () => undefined}
          error={errors.cellphone ?? (phoneChanged && !verificationToken ? t('editUser.phoneChanged') : undefined)}
        />
        <Field label={t('editUser.address')} autoComplete="street-address" value={form.formatted} onChange={set('formatted')} error={errors['address.formatted']} />
        <CountrySelect label={t('editUser.country')} value={form.country} onChange={set('country')} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('editUser.submit')}
          </button>
          <Link to="/account" className="button button-ghost">
            {t('editUser.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}

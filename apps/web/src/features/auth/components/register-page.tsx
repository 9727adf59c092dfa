import { birthdayFromMask, registerUserSchema } from '@vm/domain/user';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PhoneVerification } from '../../../components/phone-verification.tsx';
import { maskBirthday } from '../../../components/ui/birthday-input.ts';
import { CountrySelect } from '../../../components/ui/country-select.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TOAST_MS, useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/form.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { getClientToken, logIn, useSignedIn } from '../../../lib/session.ts';
import { getConfig, uploadProfilePicture } from '../../../lib/user-api.ts';
import { registerUser } from '../api/register-user.ts';

/** Details a social login hands over; when present, the page greets the person by name. */
type Prefill = { first_name?: string; last_name?: string; email?: string };

export function RegisterPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = (useLocation().state as Prefill | null) ?? {};
  const redirect = safeRedirect(params.get('redirect')) ?? '/jobs/create';
  const config = useQuery({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity });

  const [form, setForm] = useState({
    first_name: prefill.first_name ?? '',
    last_name: prefill.last_name ?? '',
    cellphone: '',
    birthday: '',
    email: prefill.email ?? '',
    password: '',
    repeat_password: '',
    country: 'BE',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Signing in is part of registering: only someone already signed in when the page opened leaves.
  const signedIn = useSignedIn();
  const [submitted, setSubmitted] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      first_name: form.first_name,
      last_name: form.last_name,
      cellphone: form.cellphone,
      birthday: birthdayFromMask(form.birthday) ?? (form.birthday ? 'invalid' : ''),
      email: form.email,
      password: form.password,
      repeat_password: form.repeat_password,
      address: { country: form.country },
      verification_token: verificationToken ?? '',
    };
    const v = validate(registerUserSchema(), body);
    if (!v.data) {
      setErrors({ ...v.errors, cellphone: v.errors.cellphone ?? v.errors.verification_token ?? '' });
      return;
    }
    setErrors({});
    setBusy(true);
    setSubmitted(true);
    try {
      const { id } = await registerUser(v.data, await getClientToken());
      await logIn(v.data.email, v.data.password);
      if (photo) {
        await uploadProfilePicture(id, photo).catch((err: unknown) =>
          toast(t('register.photoFailed', { reason: err instanceof Error ? err.message : '' }), 'danger', TOAST_MS.long),
        );
      }
      navigate(redirect, { replace: true });
    } catch (err) {
      // SPEC section 8: each message of the list as a 10 s danger toast, and under its field.
      if (err instanceof ApiError && err.fieldErrors.length) {
        for (const fe of err.fieldErrors) toast(fe.message, 'danger', TOAST_MS.long);
        setErrors(serverFieldErrors(err));
      } else {
        toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
      }
    } finally {
      setBusy(false);
    }
  }

  if (signedIn && !submitted) return <Navigate to={redirect} replace />;

  const name = [prefill.first_name, prefill.last_name].filter(Boolean).join(' ');
  return (
    <section className="page page-narrow">
      {prefill.email ? (
        <header className="register-header">
          <h1>{t('register.welcome', { name })}</h1>
          <p>{prefill.email}</p>
        </header>
      ) : (
        <h1>{t('register.title')}</h1>
      )}
      {config.data?.facebook_app_id && (
        <button type="button" className="button button-facebook button-block">
          {t('register.facebook')}
        </button>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('register.photo')} type="file" accept="image/*" hint={t('register.photoHint')} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
        <PhoneVerification
          cellphone={form.cellphone}
          onCellphoneChange={(cellphone) => setForm((f) => ({ ...f, cellphone }))}
          onVerified={setVerificationToken}
          bearer={getClientToken}
          error={errors.cellphone || undefined}
        />
        <div className="field-pair">
          <Field label={t('register.firstName')} autoComplete="given-name" value={form.first_name} onChange={set('first_name')} error={errors.first_name} />
          <Field label={t('register.lastName')} autoComplete="family-name" value={form.last_name} onChange={set('last_name')} error={errors.last_name} />
        </div>
        <Field
          label={t('register.birthday')}
          inputMode="numeric"
          autoComplete="bday"
          placeholder="DD/MM/JJJJ"
          value={form.birthday}
          onChange={(e) => setForm((f) => ({ ...f, birthday: maskBirthday(e.target.value) }))}
          hint={t('register.birthdayHint')}
          error={errors.birthday}
        />
        <Field label={t('register.email')} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
        <Field label={t('register.password')} type="password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password} />
        <Field label={t('register.repeatPassword')} type="password" autoComplete="new-password" value={form.repeat_password} onChange={set('repeat_password')} error={errors.repeat_password} />
        <CountrySelect label={t('register.country')} value={form.country} onChange={set('country')} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('register.haveAccount')} <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>{t('register.login')}</Link>
      </p>
    </section>
  );
}

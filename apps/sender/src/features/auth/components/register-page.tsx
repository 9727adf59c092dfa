import { personBody, registerUserSchema } from '@vm/domain/user';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PhoneVerification } from '@vm/ui/phone-verification.tsx';
import { maskBirthday } from '@vm/ui/birthday-input.ts';
import { CountrySelect } from '@vm/ui/country-select.tsx';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { bodyResolver, serverFieldErrors } from '../../../lib/form.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { getClientToken, logIn, useSignedIn } from '@vm/client/session.ts';
import { useConfig } from '@vm/client/config.ts';
import { useUploadProfilePicture } from '@vm/client/api/upload-profile-picture.ts';
import { useRegisterUser } from '../api/register-user.ts';
import { SocialButtons } from './social-buttons.tsx';
import type { SocialPrefill } from './social-page.tsx';

/** Details a social login hands over (social-page.tsx); when present, the page greets the person by name. */
type Prefill = Partial<SocialPrefill>;

type RegisterFields = {
  first_name: string;
  last_name: string;
  cellphone: string;
  birthday: string;
  email: string;
  password: string;
  repeat_password: string;
  country: string;
  verification_token: string;
};

export function RegisterPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = (useLocation().state as Prefill | null) ?? {};
  const redirect = safeRedirect(params.get('redirect')) ?? '/jobs/create';
  const config = useConfig();

  const [photo, setPhoto] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    // The form keeps the birthday as typed (DD/MM/YYYY) and the country flat; the domain schema checks the wire body.
    resolver: bodyResolver(registerUserSchema(), (f: RegisterFields) => ({
      ...personBody(f),
      email: f.email,
      password: f.password,
      repeat_password: f.repeat_password,
      address: { country: f.country },
      verification_token: f.verification_token,
      // The social login's ticket: the server links the identity and keeps the provider's picture.
      ...(prefill.social_ticket ? { social_ticket: prefill.social_ticket } : {}),
    })),
    defaultValues: {
      first_name: prefill.first_name ?? '',
      last_name: prefill.last_name ?? '',
      cellphone: '',
      birthday: prefill.birthday ?? '',
      email: prefill.email ?? '',
      password: '',
      repeat_password: '',
      country: 'BE',
      verification_token: '',
    },
  });
  const [cellphone, birthday, country] = useWatch({ control, name: ['cellphone', 'birthday', 'country'] });
  // Signing in is part of registering: only someone already signed in when the page opened leaves.
  const signedIn = useSignedIn();
  const [submitted, setSubmitted] = useState(false);
  const registration = useRegisterUser();
  const upload = useUploadProfilePicture();

  const submit = handleSubmit(async (body) => {
    setSubmitted(true);
    try {
      const { id } = await registration.mutateAsync(body);
      await logIn(body.email, body.password);
      if (photo) {
        await upload.mutateAsync({ userId: id, file: photo }).catch((err: unknown) =>
          toast(t('register.photoFailed', { reason: err instanceof Error ? err.message : '' }), 'danger', TOAST_MS.long),
        );
      }
      navigate(redirect, { replace: true });
    } catch (err) {
      // SPEC section 8: each message of the list as a 10 s danger toast, and under its field.
      if (err instanceof ApiError && err.fieldErrors.length) {
        for (const fe of err.fieldErrors) toast(fe.message, 'danger', TOAST_MS.long);
        for (const [field, message] of Object.entries(serverFieldErrors(err))) setError(field as keyof RegisterFields, { message });
      } else {
        toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
      }
    }
  });

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
      {prefill.social_ticket ? (
        prefill.picture && (
          <div className="social-picture">
            <img src={prefill.picture} alt={t('socialLogin.picture', { provider: prefill.provider === 'facebook' ? 'Facebook' : (config.data?.oidc_label ?? 'OpenID') })} />
            <p>{t('socialLogin.pictureNote')}</p>
          </div>
        )
      ) : (
        <SocialButtons redirect={redirect} />
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('register.photo')} type="file" accept="image/*" hint={t('register.photoHint')} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
        <PhoneVerification
          cellphone={cellphone}
          // After a first submit the number is checked again as it is typed, so no stale 'required' stays.
          onCellphoneChange={(v) => setValue('cellphone', v, { shouldValidate: isSubmitted })}
          onSent={() => clearErrors(['cellphone', 'verification_token'])}
          onVerified={(token) => setValue('verification_token', token ?? '', { shouldValidate: isSubmitted && Boolean(token) })}
          bearer={getClientToken}
          // An unverified number is the cellphone's error too.
          error={errors.cellphone?.message ?? errors.verification_token?.message}
        />
        <div className="field-pair">
          <Field label={t('register.firstName')} autoComplete="given-name" {...register('first_name')} error={errors.first_name?.message} />
          <Field label={t('register.lastName')} autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
        </div>
        <Field
          label={t('register.birthday')}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t('picker.datePlaceholder')}
          value={birthday}
          onChange={(e) => setValue('birthday', maskBirthday(e.target.value), { shouldValidate: isSubmitted })}
          hint={t('register.birthdayHint')}
          error={errors.birthday?.message}
        />
        <Field label={t('register.email')} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <Field label={t('register.password')} type="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
        <Field label={t('register.repeatPassword')} type="password" autoComplete="new-password" {...register('repeat_password')} error={errors.repeat_password?.message} />
        <CountrySelect label={t('register.country')} value={country} onChange={(e) => setValue('country', e.target.value, { shouldValidate: isSubmitted })} />
        {/* Issue 23 part 4: the terms and the privacy statement, in a new window so the form stays filled in. */}
        <p className="form-note">
          <Trans i18nKey="register.legal" components={{ terms: <NewWindowLink to="/terms" />, privacy: <NewWindowLink to="/privacy" /> }} />
        </p>
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {t('register.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('register.haveAccount')} <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>{t('register.login')}</Link>
      </p>
    </section>
  );
}

/** A link that opens beside the form (its text says so to screen readers). */
function NewWindowLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('register.newWindow')}</span>
    </Link>
  );
}

import type { LoginInput } from '@vm/domain/user';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '@vm/ui/field.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { logIn } from '@vm/client/session.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { SocialButtons } from './social-buttons.tsx';

/** ?social_error= from a social login the server refused (docs/api.md). */
const SOCIAL_ERRORS = ['refused', 'expired', 'cancelled', 'failed'] as const;

const loadChecks = () => import('../login-resolver.ts');
/** The domain's login schema through the zod resolver, loaded when the form is first touched. */
const resolver: Resolver<LoginInput> = async (values, context, options) => (await loadChecks()).loginResolver(values, context, options);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const socialError = SOCIAL_ERRORS.find((e) => e === params.get('social_error'));
  const [serverError, setServerError] = useState<string | null>(socialError ? t(`social.errors.${socialError}`) : null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  // The forgot-password page (a new tab) starts with the address typed here.
  const email = useWatch({ control, name: 'email' }).trim();
  const forgotHref = email ? `#/forgot-password?email=${encodeURIComponent(email)}` : '#/forgot-password';

  const submit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await logIn(email, password);
      navigate(safeRedirect(redirect) ?? '/jobs/status/active', { replace: true });
    } catch (err) {
      // The server's own sentence, above the form (SPEC section 8).
      setServerError(err instanceof ApiError ? err.message : String(err));
    }
  });

  return (
    <section className="page page-narrow">
      <h1>{t('login.title')}</h1>
      {serverError && (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <SocialButtons redirect={redirect} />
      <form onSubmit={submit} onFocus={() => void loadChecks()} noValidate>
        <Field label={t('login.email')} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <Field label={t('login.password')} type="password" autoComplete="current-password" {...register('password')} error={errors.password?.message} />
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {t('login.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('login.noAccount')} <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>{t('login.register')}</Link>
      </p>
      <p className="form-links">
        <a href={forgotHref} target="_blank" rel="noopener">
          {t('login.forgot')} <span className="visually-hidden">{t('login.newTab')}</span>
        </a>
      </p>
    </section>
  );
}

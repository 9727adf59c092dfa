import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetLinkStatus, resetPasswordSchema } from '@vm/domain/user';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@vm/ui/field.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { serverFieldErrors } from '../../../lib/form.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useResetLink } from '../api/check-reset-link.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  // A used or expired link says so on opening, before a new password is typed for nothing.
  // When the check itself fails (offline, too many tries) the form shows and the reset answers.
  const link = useResetLink(token);
  const reset = useResetPassword();
  const refused = link.data && link.data.status !== 'valid' ? refusalKey(link.data.status) : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { token, password: '', repeat_password: '' } });

  const submit = handleSubmit(async (v) => {
    try {
      await reset.mutateAsync(v);
      setDone(true);
    } catch (err) {
      const fields = err instanceof ApiError && err.fieldErrors.length ? serverFieldErrors(err) : { token: String(err instanceof Error ? err.message : err) };
      for (const [field, message] of Object.entries(fields)) setError(field as 'token' | 'password' | 'repeat_password', { message });
    }
  });

  return (
    <section className="page page-narrow">
      <h1>{t('reset.title')}</h1>
      {done ? (
        <>
          <p role="status" className="notice">
            {t('reset.done')}
          </p>
          <Link to="/login" className="button button-primary">
            {t('reset.login')}
          </Link>
        </>
      ) : !token ? (
        <p className="form-error" role="alert">
          {t('reset.missingToken')}
        </p>
      ) : link.isPending ? (
        <p role="status">{t('reset.checking')}</p>
      ) : refused ? (
        <>
          <p className="form-error" role="alert">
            {validationText(refused)}
          </p>
          <Link to="/forgot-password" className="button button-primary">
            {t('reset.newLink')}
          </Link>
        </>
      ) : (
        <>
          {errors.token && (
            <p className="form-error" role="alert">
              {validationText(errors.token.message)}
            </p>
          )}
          <form onSubmit={submit} noValidate>
            <Field label={t('reset.password')} type="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
            <Field label={t('reset.repeatPassword')} type="password" autoComplete="new-password" {...register('repeat_password')} error={errors.repeat_password?.message} />
            <button type="submit" className="button button-primary button-block">
              {t('reset.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The catalogue key that says why a link cannot be used. */
function refusalKey(status: Exclude<ResetLinkStatus, 'valid'>) {
  switch (status) {
    case 'used':
      return 'reset_token_used';
    case 'expired':
      return 'reset_token_expired';
    case 'unknown':
      return 'reset_token_invalid';
  }
}

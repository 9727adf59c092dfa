import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@vm/domain/user';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@vm/ui/field.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // The login form hands over what was typed there (?email=…); a bad value is simply not used.
  const [params] = useSearchParams();
  const given = params.get('email')?.trim() ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: given.length <= 254 ? given : '' } });

  const requestReset = useRequestPasswordReset();
  const submit = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : String(err));
    }
  });

  return (
    <section className="page page-narrow">
      <h1>{t('forgot.title')}</h1>
      {sentTo ? (
        <p role="status" className="notice">
          {t('forgot.sent', { email: sentTo })}
        </p>
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          {serverError && (
            <p className="form-error" role="alert">
              {serverError}
            </p>
          )}
          <form onSubmit={submit} noValidate>
            <Field label={t('forgot.email')} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
            <button type="submit" className="button button-primary button-block">
              {t('forgot.submit')}
            </button>
          </form>
        </>
      )}
      <p className="form-links">
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </section>
  );
}

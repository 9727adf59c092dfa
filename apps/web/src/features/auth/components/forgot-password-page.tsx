import { forgotPasswordSchema } from '@vm/domain/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../../lib/form.ts';
import { requestPasswordReset } from '../api/password-reset.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(forgotPasswordSchema, { email });
    setErrors(v.errors ?? {});
    if (!v.data) return;
    try {
      await requestPasswordReset(v.data.email);
      setSentTo(v.data.email);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : String(err));
    }
  }

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
            <Field label={t('forgot.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
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

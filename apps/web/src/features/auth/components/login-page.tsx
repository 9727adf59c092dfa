import { loginSchema } from '@vm/domain/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../../lib/form.ts';
import { logIn } from '../../../lib/session.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    const v = validate(loginSchema, { email, password });
    setErrors(v.errors ?? {});
    if (!v.data) return;
    setBusy(true);
    try {
      await logIn(v.data.email, v.data.password);
      navigate(safeRedirect(redirect) ?? '/jobs/status/active', { replace: true });
    } catch (err) {
      // The server's own sentence, above the form (SPEC section 8).
      setServerError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page page-narrow">
      <h1>{t('login.title')}</h1>
      {serverError && (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('login.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <Field label={t('login.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('login.noAccount')} <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>{t('login.register')}</Link>
      </p>
      <p className="form-links">
        <a href="#/forgot-password" target="_blank" rel="noopener">
          {t('login.forgot')} <span className="visually-hidden">{t('login.newTab')}</span>
        </a>
      </p>
    </section>
  );
}

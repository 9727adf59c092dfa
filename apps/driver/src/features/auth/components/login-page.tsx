import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@vm/client/api-client.ts';
import { logIn } from '@vm/client/session.ts';
import { Field } from '@vm/ui/field.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A password login through the same OAuth grant as the sender's; the guard moves on once a token is stored. */
export function LoginPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: () => logIn(email.trim(), password) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  // The server's own sentence, above the form.
  const error = login.error ? (login.error instanceof ApiError ? login.error.message : String(login.error)) : null;
  return (
    <section className="page page-narrow">
      <h1>{t('login.title')}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('login.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <Field label={t('login.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
          {t('login.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </section>
  );
}

import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vm/client/api-client.ts';
import { logIn, logOut, useCurrentUser, useSignedIn } from '@vm/client/session.ts';
import { Field } from './field.tsx';

// The first page of an app that has no screens yet (driver, ops): a password login through the
// same OAuth grant as the sender's, then a greeting and a way out. Its texts come from the app's
// catalogue under `placeholder.*`.

export function SignedInPlaceholder() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  if (!signedIn) return <LoginForm />;
  if (!user.data) return null;
  return <Welcome firstName={user.data.first_name} />;
}

function Welcome({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <h1>{t('placeholder.greeting', { name: firstName })}</h1>
      <p>{t('placeholder.comingSoon')}</p>
      <button type="button" className="button button-secondary" onClick={logOut}>
        {t('placeholder.logOut')}
      </button>
    </section>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: () => logIn(email.trim(), password) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  // The server's own sentence, above the form (SPEC section 8).
  const error = login.error ? (login.error instanceof ApiError ? login.error.message : String(login.error)) : null;

  return (
    <section className="page page-narrow">
      <h1>{t('placeholder.loginTitle')}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('placeholder.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <Field label={t('placeholder.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
          {t('placeholder.submit')}
        </button>
      </form>
    </section>
  );
}

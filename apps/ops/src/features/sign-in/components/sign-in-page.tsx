import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';
import { useSignInWithPassword } from '../api/sign-in-with-password.ts';

/** Staff sign in with a passkey, or with e-mail, password and the 6-digit code of their authenticator app. */
export function SignInPage() {
  const { t } = useTranslation();
  const passkey = useSignInWithPasskey();
  const password = useSignInWithPassword();
  const [email, setEmail] = useState('');
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = Object.fromEntries(
      (
        [
          ['email', email.trim()],
          ['password', secret],
          ['code', code.trim()],
        ] as const
      )
        .filter(([, v]) => !v)
        .map(([k]) => [k, 'required']),
    );
    if (!empty.code && !/^\d{6}$/.test(code.trim())) empty.code = 'code_format';
    setMissing(empty);
    if (Object.keys(empty).length === 0) password.mutate({ email: email.trim(), password: secret, code: code.trim() });
  };
  const error = (field: string) => missing[field] ?? fieldErrorOf(password.error, field);
  const refusal = refusalText(password.error, t('signIn.failed')) ?? (passkey.error ? refusalText(passkey.error, t('signIn.passkeyFailed')) : null);

  return (
    <section className="page page-narrow">
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {passkeysSupported() && (
        <>
          <button type="button" className="button button-primary button-block" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            {t('signIn.withPasskey')}
          </button>
          <p className="social-or">{t('signIn.or')}</p>
        </>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="password-sign-in">
        <h2 id="password-sign-in">{t('signIn.withPassword')}</h2>
        <Field label={t('signIn.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={error('email')} required />
        <Field label={t('signIn.password')} type="password" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} error={error('password')} required />
        <Field
          label={t('signIn.code')}
          hint={t('signIn.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error('code')}
          required
        />
        <button type="submit" className="button button-secondary button-block" disabled={password.isPending}>
          {t('signIn.submit')}
        </button>
      </form>
    </section>
  );
}

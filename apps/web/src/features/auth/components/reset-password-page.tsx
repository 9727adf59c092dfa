import { resetPasswordSchema } from '@vm/domain/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/form.ts';
import { validationText } from '../../../lib/i18n.ts';
import { resetPassword } from '../api/password-reset.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(resetPasswordSchema, { token, password, repeat_password: repeat });
    setErrors(v.errors ?? {});
    if (!v.data) return;
    try {
      await resetPassword(v.data.token, v.data.password, v.data.repeat_password);
      setDone(true);
    } catch (err) {
      setErrors(err instanceof ApiError && err.fieldErrors.length ? serverFieldErrors(err) : { token: String(err instanceof Error ? err.message : err) });
    }
  }

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
      ) : (
        <>
          {errors.token && (
            <p className="form-error" role="alert">
              {validationText(errors.token)}
            </p>
          )}
          <form onSubmit={submit} noValidate>
            <Field label={t('reset.password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
            <Field label={t('reset.repeatPassword')} type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat_password} />
            <button type="submit" className="button button-primary button-block">
              {t('reset.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_TOPICS, supportContactSchema } from '@vm/domain/support';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { serverFieldErrors } from '../../../lib/form.ts';
import { useSendContact } from '../api/send-contact.ts';

const QUESTIONS = ['paying', 'cancelling', 'changing', 'insurance', 'drivers', 'contact'] as const;

/** Issue 20, defect 12: the questions a sender has, and a form that reaches staff. Public. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow help-page">
      <h1>{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <h2>{t('help.faqTitle')}</h2>
      {/* <details>: a disclosure every browser and screen reader knows, opened by keyboard too. */}
      {QUESTIONS.map((q) => (
        <details key={q} className="help-question">
          <summary>{t(`help.q.${q}`)}</summary>
          <p>{t(`help.a.${q}`)}</p>
        </details>
      ))}
      <ContactForm />
    </section>
  );
}

function ContactForm() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const send = useSendContact();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(supportContactSchema), values: { name, email: user?.email ?? '', topic: 'other' as const, message: '' }, resetOptions: { keepDirtyValues: true } });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await send.mutateAsync(body);
      reset();
      setSent(true);
    } catch (err) {
      const fields = serverFieldErrors(err);
      for (const [field, message] of Object.entries(fields)) setError(field as 'name', { message });
      if (Object.keys(fields).length === 0) setServerError(err instanceof ApiError ? err.message : String(err));
    }
  });

  return (
    <section aria-labelledby="help-contact-title" id="contact">
      <h2 id="help-contact-title">{t('help.contactTitle')}</h2>
      {sent ? (
        <p role="status" className="notice">
          {t('help.sent')}
        </p>
      ) : (
        <>
          <p>{t('help.contactIntro')}</p>
          {serverError && (
            <p className="form-error" role="alert">
              {serverError}
            </p>
          )}
          <form onSubmit={submit} noValidate>
            <Field label={t('help.name')} autoComplete="name" {...register('name')} error={errors.name?.message} />
            <Field label={t('help.email')} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
            <div className="field">
              <label htmlFor="help-topic">{t('help.topic')}</label>
              <select id="help-topic" {...register('topic')}>
                {SUPPORT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`help.topics.${topic}`)}
                  </option>
                ))}
              </select>
            </div>
            <TextAreaField label={t('help.message')} rows={6} maxLength={4000} {...register('message')} error={errors.message?.message} />
            <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
              {t('help.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

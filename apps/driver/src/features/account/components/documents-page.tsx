import { ApiError } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { DOCUMENT_FILE, DRIVER_DOCUMENT_KINDS, documentUploadSchema } from '@vm/domain/driver-joining';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, type FieldErrors, serverFieldErrors, zodFieldErrors } from '../../../lib/form.ts';
import { useDocuments, useUploadDocument } from '../api/onboarding.ts';

/** 'YYYY-MM-DD' as the reader writes a day. */
const day = (iso: string) => new Intl.DateTimeFormat(localeTag(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** A file the server would refuse anyway: its type or its size, said before uploading. */
export function fileProblem(file: File | null): 'file_missing' | 'wrongType' | 'tooBig' | null {
  if (!file) return 'file_missing';
  if (!(DOCUMENT_FILE.types as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > DOCUMENT_FILE.maxBytes) return 'tooBig';
  return null;
}

/** The driver's documents: upload one with its kind and expiry, and the list with each one's status. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const documents = useDocuments();
  const upload = useUploadDocument();
  const kindId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState('');
  const [expires, setExpires] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const required = documents.data?.required ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = documentUploadSchema.safeParse({ kind: kind || undefined, expires, file: 'file' });
    const next = parsed.success ? {} : zodFieldErrors(parsed.error);
    const problem = fileProblem(file);
    if (problem) next.file = problem === 'file_missing' ? problem : t(`documents.${problem}`);
    if (Object.keys(next).length || !parsed.success || !file) return setErrors(next);
    setErrors({});
    try {
      await upload.mutateAsync({ kind: parsed.data.kind, expires: parsed.data.expires, file });
      toast(t('documents.uploaded'), 'success');
      setKind('');
      setExpires('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(serverFieldErrors(err));
      else toast(errorText(err), 'danger', TOAST_MS.long);
    }
  };

  return (
    <section className="page page-narrow">
      <p>
        <Link to="/account">← {t('account.title')}</Link>
      </p>
      <h1>{t('documents.title')}</h1>
      <p>{t('documents.intro')}</p>
      <form className="card" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={kindId}>{t('documents.kind')}</label>
          <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value)} aria-invalid={errors.kind ? true : undefined} aria-describedby={errors.kind ? `${kindId}-error` : undefined}>
            <option value="">{t('documents.choose')}</option>
            {DRIVER_DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`documents.kinds.${k}`)}
                {required.includes(k) ? ` (${t('documents.required')})` : ''}
              </option>
            ))}
          </select>
          {errors.kind && (
            <p id={`${kindId}-error`} className="field-error">
              {t(`validation.${errors.kind}`, { defaultValue: errors.kind })}
            </p>
          )}
        </div>
        <Field label={t('documents.expires')} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} error={errors.expires} />
        <Field
          ref={fileInput}
          label={t('documents.file')}
          type="file"
          accept={DOCUMENT_FILE.types.join(',')}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          error={errors.file ?? errors.content}
        />
        <button type="submit" className="button button-primary button-block" disabled={upload.isPending}>
          {t('documents.upload')}
        </button>
      </form>
      <h2>{t('documents.title')}</h2>
      {documents.data && documents.data.documents.length === 0 && <p>{t('documents.none')}</p>}
      <ul className="plain-list document-list">
        {documents.data?.documents.map((d) => (
          <li key={d.id} className="card document-row">
            <strong>{t(`documents.kinds.${d.kind}`)}</strong>
            <span>{t('documents.validUntil', { date: day(d.expires) })}</span>
            <span className={`badge badge-doc-${d.status}`}>{t(`documents.statuses.${d.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

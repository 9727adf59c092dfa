import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vm/client/api-client.ts';
import { downloadDataExport, useDeleteAccount } from '@vm/client/api/personal-data.ts';
import { Field } from './field.tsx';
import { Modal } from './modal.tsx';

// Issue 23 part 4 (decision 0035): "Your data" on the account page of the sender and driver apps:
// download the ZIP, or delete the account after reading what is erased and what is kept. Each app
// keeps the texts in its own catalogue under `prefix` (the driver's in a lazily loaded route).

type Props = { prefix: string; onDeleted: () => void };

export function DataRightsSection({ prefix, onDeleted }: Props) {
  const { t } = useTranslation();
  const k = (key: string) => t(`${prefix}.${key}`);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{k('title')}</h2>
      <p>{k('intro')}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setDownloadFailed(false);
            downloadDataExport().catch(() => setDownloadFailed(true));
          }}
        >
          {k('download')}
        </button>
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {k('delete')}
        </button>
      </div>
      {downloadFailed && (
        <p role="alert" className="form-error">
          {k('downloadFailed')}
        </p>
      )}
      <Modal open={open} title={k('dialogTitle')} onClose={() => setOpen(false)}>
        <DeleteForm k={k} onCancel={() => setOpen(false)} onDeleted={onDeleted} />
      </Modal>
    </section>
  );
}

function DeleteForm({ k, onCancel, onDeleted }: { k: (key: string) => string; onCancel: () => void; onDeleted: () => void }) {
  const deleting = useDeleteAccount();
  const [withEmail, setWithEmail] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    setFieldError(undefined);
    setRefusal(null);
    if (!value.trim()) return setFieldError(k(withEmail ? 'emailRequired' : 'passwordRequired'));
    deleting.mutate(withEmail ? { email: value } : { password: value }, {
      onSuccess: onDeleted,
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) return setRefusal(err.message);
        if (err instanceof ApiError && (err.status === 403 || err.status === 400)) return setFieldError(err.message);
        setRefusal(k('failed'));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>{k('erased')}</p>
      <p>{k('kept')}</p>
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      {withEmail ? (
        <Field key="email" label={k('email')} type="email" autoComplete="email" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} />
      ) : (
        <Field key="password" label={k('password')} type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} />
      )}
      <p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setWithEmail(!withEmail);
            setValue('');
            setFieldError(undefined);
          }}
        >
          {k(withEmail ? 'usePassword' : 'useEmail')}
        </button>
      </p>
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={deleting.isPending}>
          {k('confirm')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {k('cancel')}
        </button>
      </div>
    </form>
  );
}

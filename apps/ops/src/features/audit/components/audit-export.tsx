import { AUDIT_EXPORT_FORMATS, type AuditExportQuery } from '@vm/domain/ops-finance';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { fetchAuditExport } from '../api/audit-export.ts';

/** Issue 23: download the audit log (CSV or JSON lines) between two days, for an auditor. */
export function AuditExport() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<AuditExportQuery['format']>('csv');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await fetchAuditExport({ format, from: from || undefined, to: to || undefined });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const refusal = refusalText(error, t('audit.downloadFailed'));

  return (
    <form className="card audit-export" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="audit-export-title">
      <h3 id="audit-export-title">{t('audit.downloadTitle')}</h3>
      <p className="field-hint">{t('audit.downloadHint')}</p>
      <Field type="date" name="from" label={t('audit.from')} value={from} onChange={(e) => setFrom(e.target.value)} error={fieldErrorOf(error, 'from')} />
      <Field type="date" name="to" label={t('audit.to')} value={to} onChange={(e) => setTo(e.target.value)} error={fieldErrorOf(error, 'to')} />
      <div className="field">
        <label htmlFor="audit-export-format">{t('audit.format')}</label>
        <select id="audit-export-format" value={format} onChange={(e) => setFormat(e.target.value as AuditExportQuery['format'])}>
          {AUDIT_EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f === 'csv' ? 'CSV' : 'JSON Lines'}
            </option>
          ))}
        </select>
      </div>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="button button-secondary" aria-disabled={busy} aria-busy={busy}>
        {t('audit.download')}
      </button>
    </form>
  );
}

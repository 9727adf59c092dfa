import type { DriverDocumentRead } from '@vm/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDocumentFile } from '../api/drivers.ts';

/**
 * Opens a document's file: fetched with the staff session (the file is never public) into an object
 * URL; an image is shown here, a PDF opens in a new tab (with a link when the browser blocked it).
 */
export function DocumentFile({ driverId, document, label }: { driverId: number; document: DriverDocumentRead; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const isImage = document.content_type.startsWith('image/');

  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const blob = await fetchDocumentFile(driverId, document.id);
      const next = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
      setUrl(next);
      if (!isImage) {
        const tab = window.open(next, '_blank');
        if (tab) tab.opener = null;
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="document-file">
      <button type="button" className="button button-secondary" disabled={busy} onClick={() => void open()}>
        {label}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          {t('drivers.fileFailed')}
        </p>
      )}
      {url && isImage && <img className="document-image" src={url} alt={label} />}
      {url && !isImage && (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('drivers.fileOpened')}
        </a>
      )}
    </div>
  );
}

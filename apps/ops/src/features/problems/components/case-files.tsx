import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaseFile } from '../api/problems.ts';

/**
 * A photo of the case as a thumbnail that opens the full photo in a new tab. The file needs the
 * staff session (it is never public), so it is fetched with it into an object URL.
 */
export function CasePhoto({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    fetchCaseFile(url, abort.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
      setFailed(false);
    };
  }, [url]);
  if (failed)
    return (
      <span className="case-thumb case-thumb-missing">
        {t('problems.photoFailed')}: {label}
      </span>
    );
  if (!src) return <span className="case-thumb case-thumb-missing">{t('problems.photoLoading')}</span>;
  return (
    <a className="case-thumb-link" href={src} target="_blank" rel="noopener noreferrer">
      <img className="case-thumb" src={src} alt={label} />
      <span className="visually-hidden"> ({t('problems.fullPhoto')})</span>
    </a>
  );
}

/**
 * A file of the case behind the staff session: fetched on request, then a PDF opens in a new tab
 * and a ZIP is downloaded; a link stays for when the browser blocked that.
 */
export function CaseFile({ url, label, fileName, kind }: { url: string; label: string; fileName: string; kind: 'open' | 'download' }) {
  const { t } = useTranslation();
  const [href, setHref] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => void (href && URL.revokeObjectURL(href)), [href]);

  const get = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const next = URL.createObjectURL(await fetchCaseFile(url));
      setHref(next);
      if (kind === 'open') {
        const tab = window.open(next, '_blank');
        if (tab) tab.opener = null;
      } else {
        const a = document.createElement('a');
        a.href = next;
        a.download = fileName;
        a.click();
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="document-file">
      <button type="button" className="button button-secondary" disabled={busy} aria-busy={busy} onClick={() => void get()}>
        {label}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          {t('problems.fileFailed')}
        </p>
      )}
      {href && (
        <a href={href} {...(kind === 'open' ? { target: '_blank', rel: 'noopener noreferrer' } : { download: fileName })}>
          {t('problems.fileOpened', { label })}
        </a>
      )}
    </div>
  );
}

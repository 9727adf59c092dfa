import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/audit-log.ts';
import { AuditExport } from './audit-export.tsx';

const when = (unix: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Brussels' }).format(new Date(unix * 1000));

/** The audit log as a table (a scrolling one on a phone): when, who, what, on what, why. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const log = useAuditLog();
  if (log.isPending) return <p className="loading">{t('loading')}</p>;
  if (log.isError) return <p className="form-error">{t('audit.failed')}</p>;
  const entries = log.data.pages.flatMap((p) => p.entries);
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <AuditExport />
      <div className="table-scroll" role="region" aria-labelledby="audit-title" tabIndex={0}>
        <table className="offers-table">
          <thead>
            <tr>
              <th scope="col">{t('audit.at')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.subject')}</th>
              <th scope="col">{t('audit.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{when(e.at, i18n.language)}</td>
                <td>{e.staff ? e.staff.name : t('audit.system')}</td>
                <td>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</td>
                <td>{e.subject_type ? `${e.subject_type} ${e.subject_id ?? ''}` : ''}</td>
                <td>{e.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.hasNextPage && (
        <button type="button" className="button button-secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('audit.more')}
        </button>
      )}
    </section>
  );
}

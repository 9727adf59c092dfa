import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/form.ts';
import { useAskVerification, useProfile, useRemoveVehicle, useVehicles } from '../api/onboarding.ts';

/**
 * The way to being verified: vehicles, documents, then asking staff; and where that stands
 * (waiting, approved, or refused with staff's reason).
 */
export function ChecklistSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const profile = useProfile();
  const vehicles = useVehicles();
  const remove = useRemoveVehicle();
  const ask = useAskVerification();
  const p = profile.data?.profile;
  if (profile.isPending) return null;
  if (profile.isError) return <p role="alert" className="form-error">{errorText(profile.error)}</p>;
  if (!p) return <p>{t('account.noProfile')}</p>;

  const haveVehicles = p.vehicles > 0;
  const haveDocuments = p.missing_documents.length === 0;
  const canAsk = haveVehicles && haveDocuments && (p.status === 'incomplete' || p.status === 'refused');
  const missing = p.missing_documents.map((k) => t(`documents.kinds.${k}`)).join(', ');

  return (
    <>
      <section className="card" aria-labelledby="status-heading">
        <h2 id="status-heading">{t('account.stepVerification')}</h2>
        <p className={`status status-${p.status}`} data-testid="driver-status">
          {t(`account.status.${p.status}`)}
        </p>
        {p.status === 'refused' && (
          <>
            {p.refusal_reason && <p className="refusal">{t('account.refusedReason', { reason: p.refusal_reason })}</p>}
            <p>{t('account.refusedFix')}</p>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="checklist-heading">
        <h2 id="checklist-heading">{t('account.checklist')}</h2>
        <p>{t(p.status === 'approved' ? 'account.checklistIntroApproved' : 'account.checklistIntro')}</p>
        <ol className="checklist">
          <li className={haveVehicles ? 'check-done' : 'check-todo'}>
            <h3>
              {t('account.stepVehicles')} <span className="check-state">{haveVehicles ? t('account.done') : t('account.todo')}</span>
            </h3>
            {vehicles.data && vehicles.data.vehicles.length === 0 && <p>{t('vehicles.none')}</p>}
            <ul className="plain-list">
              {vehicles.data?.vehicles.map((v) => (
                <li key={v.id} className="vehicle-row">
                  <span>
                    <strong>{v.name}</strong> · {t(`vehicles.types.${v.type}`)}
                    <br />
                    {t('vehicles.summary', { plate: v.plate, payload: v.payload_kg })}
                    {v.needs_licence && <span className="badge">{t('vehicles.needsLicence')}</span>}
                  </span>
                  <span className="row-actions">
                    <Link className="button button-secondary button-small" to={`/account/vehicles/${v.id}`} aria-label={t('vehicles.edit', { name: v.name })}>
                      ✎
                    </Link>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={t('vehicles.remove', { name: v.name })}
                      disabled={remove.isPending}
                      onClick={() => {
                        remove.mutate(v.id, {
                          onSuccess: () => toast(t('vehicles.removed'), 'success'),
                          onError: (err) => toast(errorText(err), 'danger', TOAST_MS.long),
                        });
                      }}
                    >
                      ✕
                    </button>
                  </span>
                </li>
              ))}
            </ul>
            <Link className="button button-secondary" to="/account/vehicles/new">
              {t('vehicles.add')}
            </Link>
          </li>
          <li className={haveDocuments ? 'check-done' : 'check-todo'}>
            <h3>
              {t('account.stepDocuments')} <span className="check-state">{haveDocuments ? t('account.done') : t('account.todo')}</span>
            </h3>
            {!haveDocuments && <p>{t('account.missingDocuments', { list: missing })}</p>}
            <Link className="button button-secondary" to="/account/documents">
              {t('documents.title')}
            </Link>
          </li>
          <li className={p.status === 'pending' || p.status === 'approved' ? 'check-done' : 'check-todo'}>
            <h3>{t('account.stepVerification')}</h3>
            {(p.status === 'incomplete' || p.status === 'refused') && (
              <>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!canAsk || ask.isPending}
                  aria-describedby="ask-hint"
                  onClick={() => ask.mutate(undefined, { onError: (err) => toast(errorText(err), 'danger', TOAST_MS.long) })}
                >
                  {t('account.askVerification')}
                </button>
                <p id="ask-hint" className="field-hint">
                  {t('account.askHint')}
                </p>
              </>
            )}
          </li>
        </ol>
      </section>
    </>
  );
}

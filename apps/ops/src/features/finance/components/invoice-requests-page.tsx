import type { InvoiceRequestRead } from '@vm/domain/ops-finance';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@vm/ui/field.tsx';
import { Modal } from '@vm/ui/modal.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useDecideInvoiceRequest, useInvoiceRequests } from '../api/finance.ts';
import '../texts.ts';
import { formatMoment } from './format.ts';

/** Issue 23: companies asking to pay by invoice; finance staff approve, or refuse with a reason in a dialog. */
export function InvoiceRequestsPage() {
  const { t, i18n } = useTranslation();
  const requests = useInvoiceRequests();
  const decide = useDecideInvoiceRequest();
  const [refusing, setRefusing] = useState<InvoiceRequestRead | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const approve = (r: InvoiceRequestRead) => {
    setOutcome(null);
    decide.mutate({ userId: r.user_id, decision: { approve: true } }, { onSuccess: () => setOutcome(t('finance.requests.approved', { company: r.company.name })) });
  };
  const refusal = refusing ? null : refusalText(decide.error, t('finance.requests.decisionFailed'));

  return (
    <section className="page" aria-labelledby="invoice-requests-title">
      <h1 id="invoice-requests-title">{t('finance.requests.title')}</h1>
      <p>{t('finance.requests.intro')}</p>
      {outcome && (
        <p className="notice" role="status" tabIndex={-1} ref={outcomeRef}>
          {outcome}
        </p>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {requests.isPending ? (
        <p className="loading">{t('finance.loading')}</p>
      ) : requests.isError ? (
        <p className="form-error">{t('finance.failed')}</p>
      ) : requests.data.requests.length === 0 ? (
        <p>{t('finance.requests.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="invoice-requests-caption" tabIndex={0}>
          <table className="offers-table">
            <caption id="invoice-requests-caption">{t('finance.requests.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('finance.requests.company')}</th>
                <th scope="col">{t('finance.requests.vat')}</th>
                <th scope="col">{t('finance.requests.who')}</th>
                <th scope="col">{t('finance.requests.when')}</th>
                <th scope="col">{t('finance.requests.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.requests.map((r) => (
                <tr key={r.user_id}>
                  <th scope="row">
                    {r.company.name}
                    <br />
                    <span className="muted">{r.company.address}</span>
                  </th>
                  <td>{r.company.vat}</td>
                  <td>
                    {r.name}
                    <br />
                    <span className="muted">{r.email}</span>
                  </td>
                  <td>{r.requested_at ? formatMoment(r.requested_at, i18n.language) : t('finance.none')}</td>
                  <td>
                    <button type="button" className="button button-primary" disabled={decide.isPending} aria-label={t('finance.requests.approveLabel', { company: r.company.name })} onClick={() => approve(r)}>
                      {t('finance.requests.approve')}
                    </button>{' '}
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={decide.isPending}
                      aria-label={t('finance.requests.refuseLabel', { company: r.company.name })}
                      onClick={() => {
                        decide.reset();
                        setOutcome(null);
                        setRefusing(r);
                      }}
                    >
                      {t('finance.requests.refuse')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal open={refusing !== null} title={refusing ? t('finance.requests.dialogTitle', { company: refusing.company.name }) : ''} onClose={() => setRefusing(null)}>
        {refusing && (
          <RefuseForm
            request={refusing}
            decide={decide}
            onCancel={() => setRefusing(null)}
            onDone={() => {
              setOutcome(t('finance.requests.refused', { company: refusing.company.name }));
              setRefusing(null);
            }}
          />
        )}
      </Modal>
    </section>
  );
}

function RefuseForm({ request, decide, onCancel, onDone }: { request: InvoiceRequestRead; decide: ReturnType<typeof useDecideInvoiceRequest>; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const area = useRef<HTMLTextAreaElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const missing = !text ? t('finance.requests.reasonRequired') : text.length < 10 ? t('finance.requests.reasonShort') : undefined;
    setProblem(missing);
    if (missing) {
      area.current?.focus();
      return;
    }
    decide.mutate({ userId: request.user_id, decision: { approve: false, reason: text } }, { onSuccess: onDone });
  };
  const refusal = refusalText(decide.error, t('finance.requests.decisionFailed'));
  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        ref={area}
        label={t('finance.requests.reason')}
        hint={t('finance.requests.reasonHint')}
        value={reason}
        maxLength={2000}
        rows={5}
        required
        onChange={(e) => {
          setReason(e.target.value);
          setProblem(undefined);
        }}
        error={problem ?? fieldErrorOf(decide.error, 'reason')}
      />
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={decide.isPending}>
          {t('finance.requests.confirmRefuse')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('finance.requests.cancel')}
        </button>
      </div>
    </form>
  );
}

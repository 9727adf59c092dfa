import type { BankImport } from '@vm/domain/invoices';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vm/client/api-client.ts';
import { Field } from '@vm/ui/field.tsx';
import { useImportStatement } from '../api/import-statement.ts';
import '../texts.ts';
import { formatAmount, formatBookingDay } from './format.ts';

/** The server's limit on a statement file (CAMT053_MAX_BYTES): a larger one is refused before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;

/** Issue 22: finance staff import the bank's CAMT.053 statement and see what was matched and what to place by hand. */
export function BankStatementsPage() {
  const { t } = useTranslation();
  const importing = useImportStatement();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const result = importing.data;
  // The outcome is focused once it is there, so a keyboard or screen reader user lands on it.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // aria-disabled keeps the busy button focusable; a second press while importing does nothing.
    if (importing.isPending) return;
    const file = fileInput.current?.files?.[0];
    const problem = !file ? t('bankStatements.noFile') : file.size > MAX_BYTES ? t('bankStatements.tooLarge') : undefined;
    setFileError(problem);
    if (!file || problem) {
      fileInput.current?.focus();
      return;
    }
    importing.mutate(file);
  };
  const refusal = importing.error ? ((importing.error instanceof ApiError && ApiError.describe(importing.error.body)) || t('bankStatements.failed')) : null;

  return (
    <section className="page bank-statements" aria-labelledby="bank-statements-title">
      <h1 id="bank-statements-title">{t('bankStatements.title')}</h1>
      <p>{t('bankStatements.intro')}</p>
      <form className="card" onSubmit={submit} noValidate aria-labelledby="bank-statements-title">
        <Field
          ref={fileInput}
          type="file"
          name="statement"
          accept=".xml,application/xml"
          label={t('bankStatements.file')}
          hint={t('bankStatements.fileHint')}
          error={fileError}
          required
          onChange={() => setFileError(undefined)}
        />
        {refusal && (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        )}
        <button type="submit" className="button button-primary" aria-disabled={importing.isPending} aria-busy={importing.isPending}>
          {t('bankStatements.import')}
        </button>
        <p className="visually-hidden" role="status" aria-live="polite">
          {importing.isPending ? t('bankStatements.importing') : ''}
        </p>
      </form>
      {result && <ImportResult result={result} headingRef={resultHeading} />}
    </section>
  );
}

function ImportResult({ result, headingRef }: { result: BankImport; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const none = <span className="muted">{t('bankStatements.none')}</span>;
  return (
    <section aria-labelledby="import-result-title" className="import-result">
      <h2 id="import-result-title" ref={headingRef} tabIndex={-1} aria-describedby="import-summary">
        {t('bankStatements.resultTitle')}
      </h2>
      <p id="import-summary" className="import-summary">
        {t('bankStatements.summary', {
          credits: t('bankStatements.credits', { count: result.credits }),
          matched: t('bankStatements.matched', { count: result.matched.length }),
          toPlace: t('bankStatements.toPlace', { count: result.unmatched.length }),
          already: t('bankStatements.already', { count: result.already_imported }),
        })}
      </p>
      {result.matched.length > 0 && (
        <section aria-labelledby="matched-title">
          <h3 id="matched-title">{t('bankStatements.matchedTitle')}</h3>
          <div className="table-scroll" role="region" aria-labelledby="matched-title" tabIndex={0}>
            <table className="offers-table" aria-labelledby="matched-title">
              <thead>
                <tr>
                  <th scope="col">{t('bankStatements.invoice')}</th>
                  <th scope="col">{t('bankStatements.amount')}</th>
                  <th scope="col">{t('bankStatements.date')}</th>
                  <th scope="col">{t('bankStatements.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {result.matched.map((m, i) => (
                  <tr key={`${m.invoice}-${i}`}>
                    <th scope="row">{m.invoice}</th>
                    <td>{formatAmount(m.amount, 'EUR', language)}</td>
                    <td>{formatBookingDay(m.booking_date, language)}</td>
                    <td>{t(`bankStatements.outcomes.${m.outcome}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {result.unmatched.length > 0 && (
        <section aria-labelledby="unmatched-title">
          <h3 id="unmatched-title">{t('bankStatements.unmatchedTitle')}</h3>
          <div className="table-scroll" role="region" aria-labelledby="unmatched-title" tabIndex={0}>
            <table className="offers-table" aria-labelledby="unmatched-title">
              <thead>
                <tr>
                  <th scope="col">{t('bankStatements.amount')}</th>
                  <th scope="col">{t('bankStatements.date')}</th>
                  <th scope="col">{t('bankStatements.payer')}</th>
                  <th scope="col">{t('bankStatements.communication')}</th>
                  <th scope="col">{t('bankStatements.remittance')}</th>
                  <th scope="col">{t('bankStatements.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.unmatched.map((u, i) => (
                  <tr key={i}>
                    <td>{formatAmount(u.amount, u.currency, language)}</td>
                    <td>{formatBookingDay(u.booking_date, language)}</td>
                    <td>{u.debtor_name ?? none}</td>
                    <td>{u.communication ?? none}</td>
                    <td className="remittance">{u.remittance ?? none}</td>
                    <td>{t(`bankStatements.reasons.${u.reason}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
}

import type { OpsSearchResult } from '@vm/domain/restrictions';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@vm/ui/field.tsx';
import { useSearch } from '../api/desk.ts';
import '../texts.ts';
import '../desk.css';
import { formatDate, formatEuros } from './format.ts';
import { stateLabel } from '../../../lib/state-label.ts';

const MIN = 2;
const MAX = 100;

/** Issue 23 part 2: find any user, shipment, payment or invoice (every search is audited by the server). */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const search = useSearch(q.length >= MIN && q.length <= MAX ? q : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = text.trim();
    const problem = next.length < MIN ? 'search_too_short' : next.length > MAX ? 'too_long' : undefined;
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setParams({ q: next });
  };

  return (
    <section className="page desk" aria-labelledby="search-title">
      <h1 id="search-title">{t('desk.searchTitle')}</h1>
      <p>{t('desk.searchIntro')}</p>
      <form role="search" onSubmit={submit} noValidate aria-labelledby="search-title" className="desk-search">
        <Field
          ref={input}
          name="q"
          type="search"
          autoComplete="off"
          label={t('desk.searchLabel')}
          hint={t('desk.searchHint')}
          maxLength={MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
          required
        >
          <button type="submit" className="button button-primary">
            {t('desk.searchButton')}
          </button>
        </Field>
      </form>
      {q.length >= MIN &&
        q.length <= MAX &&
        (search.isPending ? (
          <p className="loading">{t('loading')}</p>
        ) : search.isError ? (
          <p className="form-error" role="alert">
            {t('desk.searchFailed')}
          </p>
        ) : (
          <Results q={q} data={search.data} />
        ))}
    </section>
  );
}

function Results({ q, data }: { q: string; data: OpsSearchResult }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const found = data.users.length + data.shipments.length + data.payments.length + data.invoices.length;
  // The same query's results, said once for screen readers.
  const summary = found === 0 ? t('desk.nothingFound', { q }) : t('desk.resultsFor', { q });
  const userLink = (id: number) => (
    <Link to={`/users/${id}`} aria-label={t('desk.openUser', { name: t('desk.userNumber', { id }) })}>
      {id}
    </Link>
  );
  return (
    <div className="desk-results">
      <h2>{summary}</h2>
      <p className="visually-hidden" role="status">
        {summary}
      </p>
      {found > 0 && (
        <>
          <ResultTable id="users" count={data.users.length} headers={['name', 'role', 'email', 'phone', 'company', 'vat']}>
            {data.users.map((u) => (
              <tr key={u.id}>
                <th scope="row">
                  <Link to={`/users/${u.id}`}>{u.name || u.email}</Link>
                </th>
                <td>{t(`desk.roles.${u.role}`)}</td>
                <td>{u.email}</td>
                <td>{u.cellphone}</td>
                <td>{u.company_name ?? '—'}</td>
                <td>{u.vat ?? '—'}</td>
              </tr>
            ))}
          </ResultTable>
          <ResultTable id="shipments" count={data.shipments.length} headers={['reference', 'number', 'state', 'sender', 'created']}>
            {data.shipments.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.reference}</th>
                <td>{s.id}</td>
                <td>{stateLabel(s.state, lang)}</td>
                <td>{userLink(s.sender_id)}</td>
                <td>{formatDate(s.created_at, lang)}</td>
              </tr>
            ))}
          </ResultTable>
          <ResultTable id="payments" count={data.payments.length} headers={['payment', 'shipment', 'user', 'amount', 'method', 'status', 'providerRef', 'created']}>
            {data.payments.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.id}</th>
                <td>{p.shipment_id}</td>
                <td>{userLink(p.user_id)}</td>
                <td className="amount">{formatEuros(p.amount, lang)}</td>
                <td>{p.method}</td>
                <td>{p.status}</td>
                <td className="wrap">{p.provider_ref ?? '—'}</td>
                <td>{formatDate(p.created_at, lang)}</td>
              </tr>
            ))}
          </ResultTable>
          <ResultTable id="invoices" count={data.invoices.length} headers={['number', 'kind', 'user', 'shipment', 'total', 'issued']}>
            {data.invoices.map((i) => (
              <tr key={i.id}>
                <th scope="row">{i.number}</th>
                <td>{i.kind}</td>
                <td>{userLink(i.user_id)}</td>
                <td>{i.shipment_id ?? '—'}</td>
                <td className="amount">{formatEuros(i.total, lang)}</td>
                <td>{i.issue_date}</td>
              </tr>
            ))}
          </ResultTable>
        </>
      )}
    </div>
  );
}

type TableProps = { id: 'users' | 'shipments' | 'payments' | 'invoices'; count: number; headers: string[]; children: ReactNode };

/** One kind of result: a captioned table, or a line saying there is none. */
function ResultTable({ id, count, headers, children }: TableProps) {
  const { t } = useTranslation();
  if (count === 0) return <p className="muted">{t(`desk.none.${id}`)}</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="offers-table">
        <caption id={`${id}-caption`}>{t(`desk.caption.${id}`, { count })}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {t(`desk.col.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

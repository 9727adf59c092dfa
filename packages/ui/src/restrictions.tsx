import './restriction-texts.ts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError } from '@vm/client/api-client.ts';
import { RESTRICTION_PATH, restrictionsQuery, useContestRestriction, useRestrictions } from '@vm/client/api/restrictions.ts';
import { localeTag } from '@vm/client/locale.ts';
import { validationText } from '@vm/client/i18n.ts';
import { useQueryClient } from '@tanstack/react-query';
import { contestSchema, type UserRestriction } from '@vm/domain/restrictions';
import { TextAreaField } from './field.tsx';
import { useToast } from './toast.tsx';

// Issue 23 part 2: what a restricted or suspended user sees in the sender and driver apps (P2B
// regulation art. 4): a banner on every signed-in page, the restriction page with each statement of
// reasons as the server words it in the user's language, the contests sent and the form to contest,
// and the notice after a booking or bid the server refused. Every part loads in a lazy chunk.

const when = (seconds: number) => new Intl.DateTimeFormat(localeTag(), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(seconds * 1000);

/**
 * The banner on every signed-in page while the account is restricted or suspended: what is
 * restricted and a link to the restriction page. A suspended account can do nothing else, so
 * every other page sends the user there.
 */
export function RestrictionBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data } = useRestrictions();
  if (!data || data.standing === 'none' || pathname === RESTRICTION_PATH) return null;
  if (data.standing === 'suspended') return <Navigate to={RESTRICTION_PATH} replace />;
  const active = data.restrictions.find((r) => r.active);
  return (
    <div role="status" className="notice-warning restriction-banner" data-testid="restriction-banner">
      <p>
        <strong>{t('restriction.bannerRestricted')}</strong> {active?.statement.restricted}
      </p>
      <p>
        <Link to={RESTRICTION_PATH}>{t('restriction.bannerLink')}</Link>
      </p>
    </div>
  );
}

/**
 * After a booking or bid refused with 403 account_restricted (or any call while suspended): the
 * server's sentence and the link to the restriction page. The standing is read again, so the banner
 * shows too.
 */
export function RestrictedNotice({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: restrictionsQuery.queryKey });
  }, [client, error]);
  return (
    <div role="alert" className="notice-warning restricted-notice">
      <p>{error.message}</p>
      <p>
        <Link to={RESTRICTION_PATH}>{t('restriction.noticeLink')}</Link>
      </p>
    </div>
  );
}

/** The restriction page: the statements of reasons, in force first, then the ended and lifted ones. */
export function RestrictionPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRestrictions();
  const current = data?.restrictions.filter((r) => r.active) ?? [];
  const earlier = data?.restrictions.filter((r) => !r.active) ?? [];
  return (
    <section className="page restriction-page">
      <h1>{t('restriction.title')}</h1>
      {isPending ? (
        <p className="muted">{t('restriction.loading')}</p>
      ) : isError ? (
        <p role="alert" className="form-error">
          {t('restriction.loadFailed')}
        </p>
      ) : data.restrictions.length === 0 ? (
        <p>{t('restriction.none')}</p>
      ) : (
        <>
          <p className="muted">{t('restriction.intro')}</p>
          {current.length > 0 && (
            <>
              <h2>{t('restriction.current')}</h2>
              {current.map((r) => (
                <Statement key={r.id} restriction={r} />
              ))}
            </>
          )}
          {earlier.length > 0 && (
            <>
              <h2>{t('restriction.earlier')}</h2>
              {earlier.map((r) => (
                <Statement key={r.id} restriction={r} />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}

function Statement({ restriction: r }: { restriction: UserRestriction }) {
  const { t } = useTranslation();
  const headingId = useId();
  const status = r.active ? t('restriction.status_active') : r.lifted_at !== null ? t('restriction.status_lifted', { date: when(r.lifted_at) }) : t('restriction.status_ended');
  const parts = [
    ['restricted', r.statement.restricted],
    ['period', r.statement.period],
    ['reason', r.statement.reason],
    ['howToContest', r.statement.how_to_contest],
    ['legalBasis', r.statement.legal_basis],
  ] as const;
  return (
    <article className="card restriction-statement" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(`restriction.kind_${r.kind}`)} ({status})
      </h3>
      <dl className="restriction-parts">
        {parts.map(([key, text]) => (
          <div key={key}>
            <dt>{t(`restriction.${key}`)}</dt>
            <dd className="restriction-text" lang={r.locale}>
              {text}
            </dd>
          </div>
        ))}
        {r.lift_reason !== null && (
          <div>
            <dt>{t('restriction.liftReason')}</dt>
            <dd className="restriction-text">{r.lift_reason}</dd>
          </div>
        )}
      </dl>
      {r.contests.length > 0 && (
        <>
          <h4>{t('restriction.contests')}</h4>
          <ul className="restriction-contests">
            {r.contests.map((c) => (
              <li key={c.id}>
                <p className="muted">{t('restriction.contestedOn', { date: when(c.created_at) })}</p>
                <p className="restriction-text">{c.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {r.may_contest ? <ContestForm id={r.id} /> : r.active && <p className="muted">{t('restriction.contestLimit')}</p>}
    </article>
  );
}

function ContestForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const contest = useContestRestriction(id);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = contestSchema.safeParse({ text });
    if (!parsed.success) return setFieldError(validationText(parsed.error.issues[0]?.message));
    setFieldError(undefined);
    contest.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('');
        toast(t('restriction.contestSent'), 'success');
      },
      onError: (err) => {
        const field = err instanceof ApiError ? err.fieldErrors[0]?.message : undefined;
        if (field) setFieldError(field);
        else setFailure(err.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="restriction-contest">
      <TextAreaField label={t('restriction.contestLabel')} hint={t('restriction.contestHint')} value={text} onChange={(e) => setText(e.target.value)} error={fieldError} rows={5} maxLength={2000} />
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={contest.isPending}>
          {t('restriction.contestSend')}
        </button>
      </div>
    </form>
  );
}

import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import { MAX_PROBLEM_BYTES, MAX_PROBLEM_PHOTOS, MAX_PROBLEM_TEXT, PACKAGE_PROBLEM_KINDS, type ProblemKind, type ProblemRead, problemReportSchema, type ProblemStatement, type SenderProblemRead } from '@vm/domain/problems';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vm/client/api-client.ts';
import { downloadUrl, linkToken } from '@vm/client/api/get-invoices.ts';
import { validationText } from '@vm/client/i18n.ts';
import { queryKeys } from '@vm/client/query-keys.ts';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { Modal } from '@vm/ui/modal.tsx';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { checkPhotos } from '../../../../lib/photo-check.ts';
import { shrinkPhoto } from '../../../../lib/photo-shrink.ts';
import { useProofs } from '../../api/get-proofs.ts';
import { problemContent, type ProblemDraft, useProblem, useReportProblem } from '../../api/problem.ts';
import { euro, when } from './format.ts';
import { ProofCard, proofMayExist } from './proof-card.tsx';

// Issue 23 part 1: a problem with the job. While the sender may report one (24 hours after
// delivery, or a no-show before pickup), a card offers it; the report form takes the kind, the
// packages concerned with their photos, and words. Once reported, the card shows the problem:
// its status, both parties' statements with their photos, and staff's decision with its reason.

/**
 * The proof card and the problem card of the job page, with one "Report a problem" button: beside
 * "Confirm delivery" on the proof card while the sender's answer to the delivery is asked, on the
 * problem card otherwise (a no-show before pickup, goods that never arrive). A problem is read once
 * a driver has the job.
 */
export function ProofAndProblem({ shipment: s }: { shipment: ShipmentRead }) {
  const state = s.current_state.state;
  const phase = SHIPMENT_STATE[state].phase;
  const problem = useProblem(s.id, state, phase !== 'open' && (phase !== 'cancelled' || s.accepted_offer !== null));
  const proofs = useProofs(s.id, proofMayExist(state));
  const [reporting, setReporting] = useState(false);
  const mayReport = (problem.data?.may_report.length ?? 0) > 0;
  const answerAsked = proofs.data?.delivery.status === 'waiting' && !problem.data?.problem;
  return (
    <>
      <ProofCard shipment={s} onReport={mayReport ? () => setReporting(true) : undefined} reported={!!problem.data?.problem} />
      {problem.data && <ProblemCard shipment={s} data={problem.data} offerReport={!answerAsked} reporting={reporting} onReport={() => setReporting(true)} onClose={() => setReporting(false)} />}
    </>
  );
}

type Props = { shipment: ShipmentRead; data: SenderProblemRead; offerReport: boolean; reporting: boolean; onReport: () => void; onClose: () => void };

/** The problem once reported; before, the offer to report one (unless the proof card's answer offers it: then only its form). */
export function ProblemCard({ shipment: s, data, offerReport, reporting, onReport, onClose }: Props) {
  const { t } = useTranslation();
  if (data.problem) return <ProblemView shipment={s} problem={data.problem} />;
  if (data.may_report.length === 0) return null;
  if (!offerReport) return reporting ? <ReportDialog shipment={s} kinds={data.may_report} onClose={onClose} /> : null;
  const goods = data.may_report.some((k) => k !== 'no_show');
  return (
    <section className="card" aria-labelledby="problem-title">
      <h2 id="problem-title">{t('job.problem.title')}</h2>
      <p>{goods && data.report_by !== null ? t('job.problem.reportBy', { time: when(data.report_by, s.pickup_timezone) }) : t('job.problem.noShowOnly')}</p>
      <button type="button" className="button button-secondary" onClick={onReport}>
        {t('job.problem.open')}
      </button>
      {reporting && <ReportDialog shipment={s} kinds={data.may_report} onClose={onClose} />}
    </section>
  );
}

type Errors = Partial<Record<'kind' | 'packages' | 'photos' | 'text' | 'form', string>> & Record<string, string | undefined>;

/** Which field of the form a body path of the server's 400 belongs to ('packages.0.photos' is the package's photos). */
function fieldOf(path: string, packages: number[]): string {
  const [head, index, sub] = path.split('.');
  if (head === 'packages' && sub === 'photos' && index !== undefined && packages[Number(index)] !== undefined) return `photos.${packages[Number(index)]}`;
  return head === 'kind' || head === 'packages' || head === 'photos' || head === 'text' ? head : 'form';
}

function ReportDialog({ shipment: s, kinds, onClose }: { shipment: ShipmentRead; kinds: ProblemKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const report = useReportProblem(s.id, s.current_state.state);
  const [kind, setKind] = useState<ProblemKind | null>(kinds.length === 1 ? kinds[0]! : null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [photos, setPhotos] = useState<Record<string, File[]>>({});
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const stale = useRef(false);
  const close = () => {
    if (stale.current) void client.invalidateQueries({ queryKey: [...queryKeys.shipment(s.id), 'problem'] });
    onClose();
  };

  // A no-show or lateness is about the driver, not the goods: no packages to name.
  const withPackages = kind !== null && kind !== 'no_show' && kind !== 'lateness' && s.packages.length > 0;
  const required = kind !== null && PACKAGE_PROBLEM_KINDS.includes(kind);
  const description = (id: number) => {
    const p = s.packages.find((x) => x.id === id);
    return p?.description || p?.type || '';
  };

  async function choosePhotos(key: string, input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    const found = await checkPhotos(files, MAX_PROBLEM_PHOTOS);
    if (found) {
      input.value = '';
      setErrors((e) => ({ ...e, [key]: t(found.key, found) }));
      return;
    }
    setBusy(true);
    try {
      const small = await Promise.all(files.map(shrinkPhoto));
      setPhotos((p) => ({ ...p, [key]: small }));
      setErrors((e) => ({ ...e, [key]: undefined, photos: undefined }));
    } finally {
      setBusy(false);
    }
  }

  function showErrors(found: Errors) {
    setErrors(found);
    // Focus goes to the first field in error, in the order of the form.
    const first = ['kind', 'packages', ...chosen.map((id) => `photos.${id}`), 'photos', 'text'].find((k) => found[k]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (report.isPending || busy) return;
    if (!kind) return showErrors({ kind: t('job.problem.kindRequired') });
    const concerned = withPackages ? chosen : [];
    const draft: ProblemDraft = { kind, text: text.trim(), packages: concerned.map((id) => ({ packageId: id, photos: photos[`photos.${id}`] ?? [] })), photos: photos.photos ?? [] };
    const { content, files } = problemContent(draft);
    const parsed = problemReportSchema.safeParse(content);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[fieldOf(issue.path.join('.'), concerned)] ??= validationText(issue.message);
    if (files.reduce((n, [, f]) => n + f.size, 0) > MAX_PROBLEM_BYTES) found.photos ??= t('job.problem.photosTooBig');
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    report.mutate(
      { shipmentId: s.id, draft },
      {
        onSuccess: () => {
          toast(t('job.problem.sent'), 'success', TOAST_MS.long);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400 && err.fieldErrors.length) {
            const fromServer: Errors = {};
            for (const e of err.fieldErrors) fromServer[fieldOf(e.field, concerned)] ??= e.message;
            return showErrors(fromServer);
          }
          // 409: the window closed or the job changed meanwhile. The message stays in the dialog;
          // what may be reported is read again when it closes (reading it now could close it unread).
          if (err instanceof ApiError && err.status === 409) stale.current = true;
          setErrors({ form: err instanceof ApiError && ApiError.describe(err.body) ? err.message : t('job.problem.failed') });
        },
      },
    );
  }

  const photoField = (key: string, label: string) => (
    <div data-field={key} key={key}>
      <Field
        label={label}
        type="file"
        accept="image/*"
        multiple
        hint={photos[key]?.length ? t('job.problem.chosen', { names: photos[key].map((f) => f.name).join(', ') }) : t('job.problem.photosHint')}
        error={errors[key]}
        onChange={(e) => void choosePhotos(key, e.currentTarget)}
      />
    </div>
  );

  return (
    <Modal open title={t('job.problem.dialogTitle')} onClose={close} wide>
      <form ref={form} onSubmit={submit} noValidate>
        <div data-field="kind">
          <ChoiceGroup legend={t('job.problem.kind')} name="problem-kind" value={kind} options={kinds.map((k) => ({ value: k, label: t(`job.problem.kinds.${k}`) }))} onChange={setKind} error={errors.kind} />
        </div>
        {withPackages && (
          <fieldset className="choice-group" data-field="packages" aria-describedby={errors.packages ? 'problem-packages-error' : undefined}>
            <legend>{t(required ? 'job.problem.packagesRequired' : 'job.problem.packages')}</legend>
            <div className="choice-buttons">
              {s.packages.map((p) => {
                const on = chosen.includes(p.id);
                return (
                  <label key={p.id} className={`choice${on ? ' choice-selected' : ''}`}>
                    <input type="checkbox" checked={on} onChange={() => setChosen((c) => (on ? c.filter((x) => x !== p.id) : [...c, p.id]))} />
                    <span className="choice-label">{description(p.id)}</span>
                  </label>
                );
              })}
            </div>
            {errors.packages && (
              <p id="problem-packages-error" className="field-error">
                {errors.packages}
              </p>
            )}
          </fieldset>
        )}
        {withPackages && chosen.map((id) => photoField(`photos.${id}`, t('job.problem.packagePhotos', { description: description(id) })))}
        {photoField('photos', t('job.problem.otherPhotos'))}
        <div data-field="text">
          <TextAreaField label={t('job.problem.text')} hint={t('job.problem.textHint')} value={text} maxLength={MAX_PROBLEM_TEXT} rows={5} required onChange={(e) => setText(e.target.value)} error={errors.text} />
        </div>
        {errors.form && (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={report.isPending || busy}>
            {t('job.problem.send')}
          </button>
          <button type="button" className="button button-ghost" onClick={close} disabled={report.isPending}>
            {t('job.problem.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The reported problem: what, when, where it stands, both statements and the decision. */
function ProblemView({ shipment: s, problem: p }: { shipment: ShipmentRead; problem: ProblemRead }) {
  const { t } = useTranslation();
  const tz = s.pickup_timezone;
  const description = (id: number) => {
    const pkg = s.packages.find((x) => x.id === id);
    return pkg?.description || pkg?.type || '';
  };
  const answered = p.statements.some((x) => x.party === 'driver');
  const d = p.decision;
  return (
    <section className="card" aria-labelledby="problem-title" data-testid="problem">
      <h2 id="problem-title">{t('job.problem.reported')}</h2>
      <dl className="details">
        <dt>{t('job.problem.kindLabel')}</dt>
        <dd>{t(`job.problem.kinds.${p.kind}`)}</dd>
        <dt>{t('job.problem.reportedAt')}</dt>
        <dd>
          <time dateTime={new Date(p.reported_at * 1000).toISOString()}>{when(p.reported_at, tz)}</time>
        </dd>
        <dt>{t('job.problem.status')}</dt>
        <dd data-testid="problem-status">{t(`job.problem.statuses.${p.status}`)}</dd>
        {p.packages.length > 0 && (
          <>
            <dt>{t('job.problem.concerned')}</dt>
            <dd>{p.packages.map(description).join(', ')}</dd>
          </>
        )}
      </dl>
      {p.statements.map((st) => (
        <Statement key={st.id} statement={st} timeZone={tz} description={description} />
      ))}
      {!answered && p.status === 'open' && <p className="muted">{t('job.problem.noAnswer')}</p>}
      {d && (
        <div data-testid="problem-decision">
          <h3>
            {t('job.problem.decision')} · <time dateTime={new Date(d.decided_at * 1000).toISOString()}>{when(d.decided_at, tz)}</time>
          </h3>
          <dl className="details">
            <dt>{t('job.problem.outcome')}</dt>
            <dd>{t(`job.problem.outcomes.${d.outcome}`)}</dd>
            <dt>{t('job.problem.reason')}</dt>
            <dd className="chat-text">{d.reason}</dd>
            <dt>{t('job.problem.refunded')}</dt>
            <dd>{euro(d.refund)}</dd>
            <dt>{t('job.problem.released')}</dt>
            <dd>{euro(d.released)}</dd>
            {d.insurance_cover !== null && (
              <>
                <dt>{t('job.problem.cover')}</dt>
                <dd>{euro(d.insurance_cover)}</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}

function Statement({ statement: st, timeZone, description }: { statement: ProblemStatement; timeZone: string; description: (id: number) => string }) {
  const { t } = useTranslation();
  const token = linkToken();
  return (
    <div className="problem-statement" data-testid={`statement-${st.party}`}>
      <h3>
        {t(st.party === 'sender' ? 'job.problem.yourStatement' : 'job.problem.driverStatement')} · <time dateTime={new Date(st.created_at * 1000).toISOString()}>{when(st.created_at, timeZone)}</time>
      </h3>
      <p className="chat-text">{st.text}</p>
      {st.photos.length > 0 && (
        <ul className="proof-photos">
          {st.photos.map((ph, i) => (
            <li key={ph.id}>
              {/* The full photo in a new tab: a link cannot send the bearer header, so the token rides in the address. */}
              <a href={downloadUrl(ph.url, token)} target="_blank" rel="noopener noreferrer">
                <ProtectedImage
                  src={ph.url}
                  alt={ph.package_id !== null ? t('job.problem.photo', { n: i + 1, description: description(ph.package_id) }) : t('job.problem.photoGeneral', { n: i + 1 })}
                  className="package-photo"
                  fallback={<span className="muted">{t('job.photoMissing')}</span>}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { downloadUrl, linkToken } from '@vm/client/api/get-invoices.ts';
import { ApiError } from '@vm/client/api-client.ts';
import { validationText } from '@vm/client/i18n.ts';
import { localeTag } from '@vm/client/locale.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';
import { MAX_PROBLEM_BYTES, MAX_PROBLEM_PHOTOS, MAX_PROBLEM_TEXT, problemAnswerSchema, type ProblemRead, type ProblemStatement } from '@vm/domain/problems';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { euro } from '../../lib/euro.ts';
import { errorText } from '../../lib/form.ts';
import { type AnswerDraft, answerContent, problemQuery, useAnswerProblem } from './problem-api.ts';
import { useQueryClient } from '@tanstack/react-query';
import imageCompression from 'browser-image-compression';

// Issue 23 part 1: on an accepted job's page, the problem the sender reported (kind, words,
// photos); while the driver may answer, a form for their own words and photos; afterwards their
// statement, and staff's decision with its reason. A chunk of its own: most jobs have no problem.

const when = (seconds: number, timeZone: string) =>
  new Intl.DateTimeFormat(localeTag(), { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(seconds * 1000);

/** A photo made smaller before upload (about 1600 px, 0.5 MB, as the proof's); the original when the browser cannot redraw it. */
async function shrink(file: File): Promise<File> {
  try {
    // No web worker: its script would come from a CDN, which the content policy (and offline) refuse.
    const out = await imageCompression(file, { maxWidthOrHeight: 1600, maxSizeMB: 0.5, useWebWorker: false, fileType: 'image/jpeg', initialQuality: 0.8 });
    return new File([out], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

type Props = { job: DriverJobRead; problem: ProblemRead; mayAnswer: boolean };

export function ProblemCard({ job, problem: p, mayAnswer }: Props) {
  const { t } = useTranslation();
  const tz = job.pickup_timezone;
  const description = (id: number) => {
    const pkg = job.packages.find((x) => x.id === id);
    return pkg?.description || pkg?.type || '';
  };
  const answered = p.statements.some((s) => s.party === 'driver');
  const d = p.decision;
  return (
    <section className="card run-problem" aria-labelledby="run-problem-title" data-testid="run-problem">
      <h2 id="run-problem-title">{t('myJobs.problem.title')}</h2>
      <dl className="details">
        <dt>{t('myJobs.problem.kind')}</dt>
        <dd>{t(`myJobs.problem.kinds.${p.kind}`)}</dd>
        <dt>{t('myJobs.problem.reportedAt')}</dt>
        <dd>
          <time dateTime={new Date(p.reported_at * 1000).toISOString()}>{when(p.reported_at, tz)}</time>
        </dd>
        <dt>{t('myJobs.problem.status')}</dt>
        <dd data-testid="run-problem-status">{t(`myJobs.problem.statuses.${p.status}`)}</dd>
        {p.packages.length > 0 && (
          <>
            <dt>{t('myJobs.problem.concerned')}</dt>
            <dd>{p.packages.map(description).join(', ')}</dd>
          </>
        )}
      </dl>
      {p.statements.map((s) => (
        <Statement key={s.id} statement={s} timeZone={tz} description={description} />
      ))}
      {mayAnswer && !answered && p.status === 'open' && <AnswerForm shipmentId={job.id} packages={p.packages} description={description} />}
      {answered && p.status === 'open' && <p>{t('myJobs.problem.waiting')}</p>}
      {d && (
        <div data-testid="run-problem-decision">
          <h3>
            {t('myJobs.problem.decision')} · <time dateTime={new Date(d.decided_at * 1000).toISOString()}>{when(d.decided_at, tz)}</time>
          </h3>
          <dl className="details">
            <dt>{t('myJobs.problem.outcome')}</dt>
            <dd>{t(`myJobs.problem.outcomes.${d.outcome}`)}</dd>
            <dt>{t('myJobs.problem.reason')}</dt>
            <dd className="chat-text">{d.reason}</dd>
            <dt>{t('myJobs.problem.refunded')}</dt>
            <dd>{euro(d.refund)}</dd>
            <dt>{t('myJobs.problem.released')}</dt>
            <dd>{euro(d.released)}</dd>
          </dl>
        </div>
      )}
    </section>
  );
}

function Statement({ statement: s, timeZone, description }: { statement: ProblemStatement; timeZone: string; description: (id: number) => string }) {
  const { t } = useTranslation();
  const token = linkToken();
  return (
    <div data-testid={`run-statement-${s.party}`}>
      <h3>
        {t(s.party === 'sender' ? 'myJobs.problem.senderStatement' : 'myJobs.problem.yourStatement')} · <time dateTime={new Date(s.created_at * 1000).toISOString()}>{when(s.created_at, timeZone)}</time>
      </h3>
      <p className="chat-text">{s.text}</p>
      {s.photos.length > 0 && (
        <ul className="proof-photos">
          {s.photos.map((ph, i) => (
            <li key={ph.id}>
              {/* The full photo in a new tab: a link cannot send the bearer header, so the token rides in the address. */}
              <a href={downloadUrl(ph.url, token)} target="_blank" rel="noopener noreferrer">
                <ProtectedImage
                  src={ph.url}
                  alt={ph.package_id !== null ? t('myJobs.problem.photo', { n: i + 1, description: description(ph.package_id) }) : t('myJobs.problem.photoGeneral', { n: i + 1 })}
                  className="package-photo"
                  fallback={<span>{t('myJobs.problem.photoMissing')}</span>}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Errors = Record<string, string | undefined>;

/** Which field a body path belongs to ('packages.0.photos' is that package's photos). */
function fieldOf(path: string, packages: number[]): string {
  const [head, index] = path.split('.');
  if (head === 'packages' && index !== undefined && packages[Number(index)] !== undefined) return `photos.${packages[Number(index)]}`;
  return head === 'text' ? 'text' : head === 'photos' || head === 'packages' ? 'photos' : 'form';
}

function AnswerForm({ shipmentId, packages, description }: { shipmentId: number; packages: number[]; description: (id: number) => string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const answer = useAnswerProblem(shipmentId);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Record<string, File[]>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function choose(key: string, input: HTMLInputElement) {
    const list = [...(input.files ?? [])];
    if (list.length > MAX_PROBLEM_PHOTOS) {
      input.value = '';
      setErrors((e) => ({ ...e, [key]: validationText('problem_too_many_photos') }));
      return;
    }
    setBusy(true);
    try {
      const small = await Promise.all(list.map(shrink));
      setPhotos((p) => ({ ...p, [key]: small }));
      setErrors((e) => ({ ...e, [key]: undefined, photos: undefined }));
    } finally {
      setBusy(false);
    }
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = [...packages.map((id) => `photos.${id}`), 'photos', 'text'].find((k) => found[k]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (answer.isPending || busy) return;
    const draft: AnswerDraft = { text: text.trim(), packages: packages.map((id) => ({ packageId: id, photos: photos[`photos.${id}`] ?? [] })), photos: photos.photos ?? [] };
    const { content, files } = answerContent(draft);
    const sent = content.packages.map((x) => x.package_id);
    const parsed = problemAnswerSchema.safeParse(content);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[fieldOf(issue.path.join('.'), sent)] ??= validationText(issue.message);
    if (files.reduce((n, [, f]) => n + f.size, 0) > MAX_PROBLEM_BYTES) found.photos ??= t('myJobs.problem.photosTooBig');
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    answer.mutate(draft, {
      onSuccess: () => toast(t('myJobs.problem.sent'), 'success', TOAST_MS.long),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && err.fieldErrors.length) {
          const fromServer: Errors = {};
          for (const e of err.fieldErrors) fromServer[fieldOf(e.field, sent)] ??= e.message;
          return showErrors(fromServer);
        }
        // 409: decided or answered meanwhile. The problem is read again, which takes the form away:
        // the reason is said in a toast that stays, not under the form.
        if (err instanceof ApiError && err.status === 409) {
          toast(t('myJobs.problem.failed', { reason: errorText(err) }), 'danger', TOAST_MS.long);
          void client.invalidateQueries({ queryKey: problemQuery(shipmentId).queryKey });
          return;
        }
        setErrors({ form: t('myJobs.problem.failed', { reason: errorText(err) }) });
      },
    });
  }

  const photoField = (key: string, label: string) => (
    <div data-field={key} key={key}>
      <Field
        label={label}
        type="file"
        accept="image/*"
        multiple
        hint={photos[key]?.length ? t('myJobs.problem.photosChosen', { names: photos[key].map((f) => f.name).join(', ') }) : t('myJobs.problem.photosHint')}
        error={errors[key]}
        onChange={(e) => void choose(key, e.currentTarget)}
      />
    </div>
  );

  return (
    <form ref={form} onSubmit={submit} noValidate className="run-problem-answer">
      <h3>{t('myJobs.problem.answerTitle')}</h3>
      <p>{t('myJobs.problem.answerIntro')}</p>
      <div data-field="text">
        <TextAreaField label={t('myJobs.problem.text')} hint={t('myJobs.problem.textHint')} value={text} maxLength={MAX_PROBLEM_TEXT} rows={5} required onChange={(e) => setText(e.target.value)} error={errors.text} />
      </div>
      {packages.map((id) => photoField(`photos.${id}`, t('myJobs.problem.packagePhotos', { description: description(id) })))}
      {photoField('photos', t('myJobs.problem.otherPhotos'))}
      {errors.form && (
        <p role="alert" className="form-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={answer.isPending || busy}>
        {t('myJobs.problem.send')}
      </button>
    </form>
  );
}

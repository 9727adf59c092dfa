import { type ProposalRead, RESTRICTION_REASON_MAX } from '@vm/domain/restrictions';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useDecideProposal } from '../api/desk.ts';
import { reasonError } from './format.ts';

/** A person decides an automated proposal: accept (the reason becomes the statement's) or decline, each with a reason. */
export function ProposalDecisionForm({ proposal, onDecided }: { proposal: ProposalRead; onDecided: (decided: ProposalRead) => void }) {
  const { t } = useTranslation();
  const decide = useDecideProposal(proposal.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  // Which of the two buttons sent the form (its click comes before the submit).
  const choice = useRef<'accept' | 'decline'>('decline');
  const serverReason = fieldErrorOf(decide.error, 'reason');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (decide.isPending) return;
    const accept = choice.current === 'accept';
    decide.reset();
    const problem = reasonError(reason);
    setError(problem);
    if (problem) {
      reasonInput.current?.focus();
      return;
    }
    decide.mutate({ accept, reason: reason.trim() }, { onSuccess: onDecided, onError: () => reasonInput.current?.focus() });
  };
  const refusal = refusalText(decide.error, t('desk.decideFailed')) ?? (decide.error && !serverReason ? decide.error.message : null);

  return (
    <form onSubmit={submit} noValidate aria-label={t('desk.proposalTitle', { id: proposal.id, kind: t(`desk.kinds.${proposal.kind}`).toLowerCase(), name: proposal.user.name })} className="proposal-form">
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <TextAreaField
        ref={reasonInput}
        name={`proposal-${proposal.id}-reason`}
        label={t('desk.decisionReason')}
        hint={t('desk.decisionHint')}
        value={reason}
        maxLength={RESTRICTION_REASON_MAX}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? serverReason}
        required
      />
      <div className="actions">
        <button type="submit" name="decision" value="accept" onClick={() => (choice.current = 'accept')} className="button button-primary" aria-disabled={decide.isPending}>
          {t('desk.accept')}
        </button>
        <button type="submit" name="decision" value="decline" onClick={() => (choice.current = 'decline')} className="button button-secondary" aria-disabled={decide.isPending}>
          {t('desk.decline')}
        </button>
      </div>
    </form>
  );
}

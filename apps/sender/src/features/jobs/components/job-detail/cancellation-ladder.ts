import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import { CANCELLATION_LADDER, cancellationBoundaries, type CancellationBoundaries } from '@vm/domain/cancellation';
import type { ShipmentRead } from '@vm/domain/shipment';
import type { TFunction } from 'i18next';
import { when } from './format.ts';

// The published cancellation ladder (issue 22) in plain words, for one job's pickup window, on the
// pickup's clock as the job page writes times. The percentages come from the domain's ladder.

const percent = (id: 'fee_25' | 'fee_50' | 'fee_100') => CANCELLATION_LADDER.find((s) => s.id === id)?.fee_percent ?? 0;

type LadderStep = 'free' | 'fee_25' | 'fee_50' | 'fee_100';

/** The ladder step a moment after acceptance falls in (the server's quote names it too). */
export function ladderStepAt(now: number, b: CancellationBoundaries): LadderStep {
  if (now < b.fee_25) return 'free';
  if (now < b.fee_50) return 'fee_25';
  if (now < b.fee_100) return 'fee_50';
  return 'fee_100';
}

/**
 * "Free cancellation until Tue 10:00; then 25 % until Wed 10:00, 50 % until the pickup window
 * opens, 100 % until loading", from the step given on: a job accepted the day before its pickup
 * does not promise a free period that is already over. `from` is a moment (Unix seconds) or the
 * server's step.
 */
export function ladderText(t: TFunction, job: Pick<ShipmentRead, 'pickup_date_from' | 'pickup_timezone'>, from: number | LadderStep, boundaries?: CancellationBoundaries): string {
  const b = boundaries ?? cancellationBoundaries(job.pickup_date_from, job.pickup_timezone);
  const vars = { free: when(b.fee_25, job.pickup_timezone), fee50: when(b.fee_50, job.pickup_timezone), p25: percent('fee_25'), p50: percent('fee_50'), p100: percent('fee_100') };
  const step = typeof from === 'number' ? ladderStepAt(from, b) : from;
  switch (step) {
    case 'free':
      return t('job.cancelLadder.full', vars);
    case 'fee_25':
      return t('job.cancelLadder.from25', vars);
    case 'fee_50':
      return t('job.cancelLadder.from50', vars);
    case 'fee_100':
      return t('job.cancelLadder.from100', vars);
  }
}

/** The quote's step when it is one of the ladder's priced steps, else null. */
export const ladderStepOf = (step: string | null): LadderStep | null => (step === 'free' || step === 'fee_25' || step === 'fee_50' || step === 'fee_100' ? step : null);

/** Whether the job page offers "Cancel shipment": while new (SPEC) and, issue 22, accepted until loading. */
export const cancellableBySender = (s: Pick<ShipmentRead, 'current_state'>) => SHIPMENT_STATE[s.current_state.state].senderCancel !== null;

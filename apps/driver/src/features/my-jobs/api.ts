import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';
import type { ProofKind } from '@vm/domain/proof';
import { GIVEN_BACK, nextDriverState, canTransition, SHIPMENT_STATE, SHIPMENT_STATES, type ShipmentStateName } from '@vm/domain/shipment-states';
import { proofRequiredFor } from '@vm/domain/proof';
import { useEffect, useRef, useState } from 'react';
import { offlineQueue } from '../../lib/offline-actions.ts';
import type { QueuedEntry, QueueSnapshot, RefusedEntry } from '../../lib/offline-queue.ts';

// My jobs' data: the accepted jobs, one job with its full addresses, its proofs, and what the
// offline queue still holds for it (the screens show the queued state at once).

export const runKeys = { all: ['driver', 'run'] as const, list: ['driver', 'run', 'list'] as const, job: (id: number) => ['driver', 'run', 'job', id] as const, proofs: (id: number) => ['driver', 'run', 'proofs', id] as const, chat: (id: number) => ['driver', 'run', 'chat', id] as const };

export const myJobsQuery = queryOptions({ queryKey: runKeys.list, queryFn: ({ signal }) => call('GET /api/driver/shipments', { query: { scope: 'assigned' }, signal }) });
export const runJobQuery = (id: number) => queryOptions({ queryKey: runKeys.job(id), queryFn: ({ signal }) => call('GET /api/driver/shipment/:id', { params: { id }, signal }) });
export const proofsQuery = (id: number) => queryOptions({ queryKey: runKeys.proofs(id), queryFn: ({ signal }) => call('GET /api/driver/shipment/:id/proof', { params: { id }, signal }) });

export type RunJob = DriverJobRead;

/** The jobs still to drive, soonest pickup first (delivered ones after, finalised and cancelled left out). */
export function jobsInOrder(jobs: RunJob[]): RunJob[] {
  const done = (j: RunJob) => (SHIPMENT_STATE[j.current_state.state].phase === 'delivered' ? 1 : 0);
  return jobs.filter((j) => !SHIPMENT_STATE[j.current_state.state].terminal).sort((a, b) => done(a) - done(b) || a.pickup_date_from - b.pickup_date_from);
}

const stateIndex = (s: ShipmentStateName) => SHIPMENT_STATES.indexOf(s);

/** What the queue still holds for one job: the state it will be in, the proofs on their way, refusals. */
export type QueuedForJob = { state: ShipmentStateName | null; proofs: ProofKind[]; pendingCount: number; refused: RefusedEntry[]; lastPosition: QueuedEntry | null };

export function queuedFor(snapshot: QueueSnapshot | null, shipmentId: number): QueuedForJob {
  const mine = (snapshot?.pending ?? []).filter((e) => e.action.shipmentId === shipmentId);
  let state: ShipmentStateName | null = null;
  const proofs: ProofKind[] = [];
  let lastPosition: QueuedEntry | null = null;
  for (const e of mine) {
    if (e.action.kind === 'state') state = e.action.state as ShipmentStateName;
    else if (e.action.kind === 'proof') proofs.push(e.action.content.kind as ProofKind);
    else lastPosition = e;
  }
  return { state, proofs, pendingCount: mine.length, refused: (snapshot?.refused ?? []).filter((e) => e.action.shipmentId === shipmentId), lastPosition };
}

/** The state the driver sees: the server's, or the one queued after it (optimistic). */
export const shownState = (server: ShipmentStateName, queued: ShipmentStateName | null): ShipmentStateName => (queued && stateIndex(queued) > stateIndex(server) ? queued : server);

/**
 * The one next step of the normal flow from a state (no skipping, no going back), and the proof it
 * needs first when that proof is not taken yet; null once delivered.
 */
export function nextStep(state: ShipmentStateName, proofsTaken: readonly ProofKind[]): { to: ShipmentStateName; proof: ProofKind | null } | null {
  const to = nextDriverState(state);
  if (!to || !canTransition(state, to, 'driver')) return null;
  const kind = proofRequiredFor(to);
  return { to, proof: kind && !proofsTaken.includes(kind) ? kind : null };
}

/** The queue's contents, kept current; when actions of a job leave it, the job is read again. */
export function useQueueSnapshot(): QueueSnapshot | null {
  const [snap, setSnap] = useState<QueueSnapshot | null>(null);
  const client = useQueryClient();
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    return offlineQueue().subscribe((s) => {
      setSnap(s);
      if (sent.current !== null && s.pending.length < sent.current) void client.invalidateQueries({ queryKey: runKeys.all });
      sent.current = s.pending.length;
    });
  }, [client]);
  return snap;
}

export const useMyJobs = () => useQuery(myJobsQuery);
export const useRunJob = (id: number) => useQuery(runJobQuery(id));
export const useProofs = (id: number, enabled: boolean) => useQuery({ ...proofsQuery(id), enabled });

/**
 * Issue 22: the driver gives an accepted job back before loading (POST /api/driver/shipment/{id}/cancel,
 * with a reason staff read). Needs the network: it is a decision, never queued. Afterwards the job
 * leaves my jobs at once, and the list is read again.
 */
export function useGiveBack(shipmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('POST /api/driver/shipment/:id/cancel', { params: { id: shipmentId }, body: { reason } }),
    onSuccess: async () => {
      client.setQueryData(myJobsQuery.queryKey, (jobs) => jobs?.filter((j) => j.id !== shipmentId));
      await client.invalidateQueries({ queryKey: runKeys.list });
    },
  });
}

/** Until the goods are on board (accepted .. arrived at pickup) a driver may give a job back (issue 22). */
export const canGiveBack = (state: ShipmentStateName) => canTransition(state, GIVEN_BACK, 'driver_gives_back');

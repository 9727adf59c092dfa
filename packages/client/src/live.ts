// What keeps screens current: the event stream first (event-stream.ts), and the 30 s polling
// of SPEC section 4 underneath as the fallback. The keys it refreshes are in query-keys.ts.

/** SPEC section 9: lists and chat are polled every 30 s. */
export const POLL_MS = 30_000;

/** A test switch: localStorage 'vm.polling' = 'off' stops all polling, so only the stream updates screens. */
export const pollingOff = () => {
  try {
    return localStorage.getItem('vm.polling') === 'off';
  } catch {
    return false;
  }
};

/** A refetchInterval that honours the switch. */
export const pollEvery = (ms: number = POLL_MS): number | false => (pollingOff() ? false : ms);

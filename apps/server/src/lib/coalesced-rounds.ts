type Log = { warn: (obj: object, msg: string) => void };

/**
 * A worker's rounds, one at a time: a wake-up during a round asks for exactly one more after it
 * (however many came), so work that arrived meanwhile is never left waiting for the next timer.
 * A failed round is logged and the next wake-up tries again.
 */
export function coalescedRounds(round: () => Promise<void>, log: Log, what: string) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await round();
          } while (again);
        } catch (err) {
          log.warn({ err }, `${what} round failed`);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    /** Resolves when the round in progress (if any) has ended. */
    settled: async (): Promise<void> => {
      await running;
    },
  };
}

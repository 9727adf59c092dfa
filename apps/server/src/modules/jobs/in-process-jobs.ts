import { checkSchedule, type JobHandler, type Jobs, runLogged } from './jobs.ts';

type Log = { warn: (obj: object, msg: string) => void };

type Entry = { everySeconds: number; handler: JobHandler; timer: NodeJS.Timeout | null; running: Promise<void> | null; due: boolean };

/**
 * The embedded database belongs to one process, so "once across processes" holds by itself: each
 * job runs on a timer here, one run at a time. A period that comes while the previous run is
 * still going is queued (at most one), and that is what queueDepth() counts. The first run comes
 * one period after start(), as the timers did before (tests drive the same handlers by hand).
 */
export function inProcessJobs({ log }: { log: Log }): Jobs {
  const entries = new Map<string, Entry>();
  let started = false;

  function fire(name: string, entry: Entry): void {
    if (entry.running) {
      entry.due = true;
      return;
    }
    entry.running = (async () => {
      do {
        entry.due = false;
        const slot = new Date(Math.floor(Date.now() / 1000 / entry.everySeconds) * entry.everySeconds * 1000);
        await runLogged(log, name, entry.handler, { slot }).catch(() => undefined);
      } while (entry.due && started);
      entry.running = null;
    })();
  }

  return {
    schedule(name, everySeconds, handler) {
      checkSchedule(entries, name, everySeconds, started);
      entries.set(name, { everySeconds, handler, timer: null, running: null, due: false });
    },

    async start() {
      if (started) return;
      started = true;
      for (const [name, entry] of entries) {
        entry.timer = setInterval(() => fire(name, entry), entry.everySeconds * 1000);
        entry.timer.unref();
      }
    },

    async stop() {
      started = false;
      for (const entry of entries.values()) {
        if (entry.timer) clearInterval(entry.timer);
        entry.timer = null;
        entry.due = false;
      }
      await Promise.all([...entries.values()].map((e) => e.running));
    },

    queueDepth: async () => [...entries.values()].filter((e) => e.due).length,
  };
}

import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../src/lib/concurrency-limit.ts';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('concurrencyLimit', () => {
  it('runs at most its slots at once and starts the others in arrival order as slots free up', async () => {
    const limit = concurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((g, i) => limit.run(async () => (started.push(i), await g.promise, i)));
    // Collected now: a task that fails before the end is not an unhandled rejection meanwhile.
    const settled = Promise.allSettled(done);
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.stats()).toEqual({ running: 2, waiting: 2 });
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.reject(new Error('bad photo'));
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.resolve();
    gates[3]!.resolve();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

/**
 * Runs at most `slots` tasks at once; the others wait in arrival order. Used where one task can
 * take a core and hundreds of megabytes (decoding a 40-megapixel photo): a burst of uploads
 * queues instead of exhausting memory.
 */
export function concurrencyLimit(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The freed slot passes straight to the next waiter, so `running` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}

export type ConcurrencyLimit = ReturnType<typeof concurrencyLimit>;

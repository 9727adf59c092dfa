/**
 * Fixed-window counters in memory, for limits keyed by something other than the IP (a username,
 * a phone number). One server process holds them; several instances would need a shared store.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; answers the seconds to wait when the key is over its limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    w.count += 1;
    return w.count > this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

// Failed logins per username and per client address in a sliding window (DECISIONS 2.4).
// Kept in process memory: a restart forgets, which errs on the landlord's side.
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly max: () => number,
    private readonly windowMs: () => number,
  ) {}

  /** Seconds until `keys` may try again, or 0 when none of them is blocked. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key, now);
      if (list.length >= this.max()) {
        wait = Math.max(wait, Math.ceil((list[0]! + this.windowMs() - now) / 1000));
      }
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs());
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }
}

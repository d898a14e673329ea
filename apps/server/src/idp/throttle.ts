/**
 * Failed sign-ins per client address, across accounts: password spraying from one address
 * is slowed down (a growing delay) and then refused for a while, even though no single
 * account reaches its own lock. Kept in memory: each replica counts what it sees.
 */
export class AddressThrottle {
  private readonly failures = new Map<string, { count: number; first: number; until: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly lockMs: number,
    private readonly baseDelayMs: number,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds this address is still refused for; 0 when it may try. */
  blockedFor(ip: string): number {
    const e = this.failures.get(ip);
    return e && e.until > this.now() ? e.until - this.now() : 0;
  }

  /** Records a failure; returns how long the answer should be held back. */
  fail(ip: string): number {
    if (this.failures.size > 10_000) this.failures.clear();
    const now = this.now();
    let e = this.failures.get(ip);
    if (!e || now - e.first > this.windowMs) e = { count: 0, first: now, until: 0 };
    e.count++;
    if (e.count >= this.maxFailures) {
      e.until = now + this.lockMs;
      e.count = 0;
      e.first = now;
    }
    this.failures.set(ip, e);
    // Up to half the allowance costs the usual delay; after that it doubles, up to 5 s.
    return Math.min(this.baseDelayMs * 2 ** Math.max(0, e.count - Math.floor(this.maxFailures / 2)), 5_000);
  }

  succeed(ip: string): void {
    const e = this.failures.get(ip);
    if (e && e.until <= this.now()) this.failures.delete(ip);
  }
}

/** Fixed-window attempt counter kept in memory (one server process); enough to slow password guessing. */
export class AttemptLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) return 0
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0
  }

  fail(key: string, now = Date.now()) {
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
    else entry.count++
    if (this.hits.size > 50_000) this.prune(now)
  }

  reset(key: string) {
    this.hits.delete(key)
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key)
  }
}

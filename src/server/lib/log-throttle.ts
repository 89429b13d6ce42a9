/**
 * At most one line per `windowMs` for each key (an outage, an expected condition): `admit` answers
 * whether to write this one, and how many it kept quiet since the last line written.
 */
export class LogThrottle {
  private readonly windows = new Map<string, { until: number; suppressed: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  admit(key: string): { suppressed: number } | null {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && now < window.until) {
      window.suppressed += 1;
      return null;
    }
    // Keys are fixed strings (codes, messages); the bound only guards against a surprise.
    if (this.windows.size > 1000) this.windows.clear();
    this.windows.set(key, { until: now + this.windowMs, suppressed: 0 });
    return { suppressed: window?.suppressed ?? 0 };
  }
}

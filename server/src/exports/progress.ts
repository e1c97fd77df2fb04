export interface ProgressTiming {
  /** Progress that moved less than `step` points is reported no sooner than this after the last report. */
  minIntervalMs: number;
  /** A report is made at least this often, the same figure again if it has not moved (the export is alive). */
  maxIntervalMs: number;
  /** Reports are at most this many points apart (when each update moves less than that). */
  step: number;
  /** The clock (tests). */
  now: () => number;
}

export const DEFAULT_PROGRESS_TIMING: ProgressTiming = { minIntervalMs: 250, maxIntervalMs: 2000, step: 5, now: () => performance.now() };

/**
 * Paces an export's progress updates (each one a write to the database): at the latest when the
 * next update could take the figure more than `step` points past the last report (judged by the
 * largest move of one update so far), sooner once `minIntervalMs` passed since the last report,
 * and the last figure again when nothing was reported for `maxIntervalMs` (a timer: also while the
 * database is still sorting, or a batch is being read). One report runs at a time; a failed report
 * fails the next `update` or `stop`.
 */
export class ProgressReporter {
  /** The figure last reported: an export starts at 0, as its request says. */
  private last = 0;
  private current = 0;
  /** The largest move one update made. */
  private stride = 0;
  private inFlight = 0;
  private lastAt: number;
  private pending: Promise<void> = Promise.resolve();
  private failure: unknown;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly report: (progress: number) => Promise<void>,
    private readonly timing: ProgressTiming = DEFAULT_PROGRESS_TIMING,
  ) {
    this.lastAt = timing.now();
    this.arm();
  }

  /** The export reached `progress` (0..99); resolves once a report it caused is written. */
  async update(progress: number): Promise<void> {
    if (this.failure) throw this.failure;
    this.stride = Math.max(this.stride, progress - this.current);
    this.current = Math.max(this.current, progress);
    const moved = this.current - this.last;
    if (moved > 0 && (moved + this.stride > this.timing.step || this.timing.now() - this.lastAt >= this.timing.minIntervalMs)) {
      await this.send();
    }
  }

  /** Stops the timer and waits for a report under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pending;
    if (this.failure) throw this.failure;
  }

  private send(): Promise<void> {
    const value = this.current;
    this.last = value;
    this.lastAt = this.timing.now();
    this.arm();
    this.inFlight += 1;
    this.pending = this.pending
      .then(() => this.report(value))
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => {
        this.inFlight -= 1;
      });
    return this.pending;
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    // A report still being written (a slow or locked database) is not joined by another.
    this.timer = setTimeout(() => (this.inFlight > 0 ? this.arm() : void this.send()), this.timing.maxIntervalMs);
    this.timer.unref();
  }
}

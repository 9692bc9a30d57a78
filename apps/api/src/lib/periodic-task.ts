/**
 * Background housekeeping that runs on a timer, one pass at a time: a pass asked for while one is in
 * progress waits for that pass instead of starting a second one beside it, and stop() waits for the pass
 * in progress, so a graceful shutdown never cuts one in half. The task handles (and logs) its own errors:
 * a pass that throws would otherwise be an unhandled rejection of the timer's call.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  /**
   * @param intervalMs how often a pass starts while started
   * @param task one pass
   * @param whileBusy what runOnce answers when it joined a pass already in progress
   */
  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<T>,
    private readonly whileBusy: T,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass, or (while one is in progress) the end of that one, answered with `whileBusy`. */
  async runOnce(): Promise<T> {
    if (this.running) {
      await this.running;
      return this.whileBusy;
    }
    this.running = this.task();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Stops the timer and waits for the pass in progress, if any. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

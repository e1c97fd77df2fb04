/**
 * A promise-based mutex that lets one task run at a time: whoever asks while a task is under way
 * gets that same task's promise instead of starting another. The token refresh runs through one.
 */
export class SingleFlight {
  private current: Promise<void> | null = null;

  /** Resolves when the task under way (if any) has finished; never rejects. */
  wait(): Promise<void> {
    return this.current ?? Promise.resolve();
  }

  get busy(): boolean {
    return this.current !== null;
  }

  /** Runs `task` unless one is under way, in which case it joins that one. */
  run(task: () => Promise<void>): Promise<void> {
    this.current ??= task()
      .catch(() => undefined)
      .finally(() => {
        this.current = null;
      });
    return this.current;
  }
}

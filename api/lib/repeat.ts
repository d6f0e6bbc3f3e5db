/** A task a running server repeats (housekeeping, reminders, the payment checks). */
export interface Repeating {
  /** No further runs; resolves once the run under way has finished. */
  stop(): Promise<void>
}

/**
 * Runs `task` every `everyMs` (and once at once when `atStart`): a run never overlaps the previous one, a
 * failure is logged as `failure` and the next run tries again, and the timer never keeps the process alive.
 * `onStop` is called as stop() begins, before it waits for the run under way (to cut that run short).
 */
export function repeat(
  options: { everyMs: number; atStart: boolean; failure: string; onStop?: () => void },
  task: () => Promise<unknown>,
): Repeating {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= task()
      .then(
        () => {},
        (err: unknown) => console.error(options.failure, err),
      )
      .finally(() => {
        running = null
      })
  }
  if (options.atStart) run()
  const timer = setInterval(run, options.everyMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      options.onStop?.()
      await running
    },
  }
}

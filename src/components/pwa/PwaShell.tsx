/**
 * App-wide offline furniture: update prompt, install button, offline indicator, outbox replay triggers.
 * Filled in by the offline-first work (issue #6).
 */
export function PwaShell() {
  return null
}

/** Count of posts waiting in the outbox, shown in the navigation. */
export function OutboxBadge() {
  return null
}

/** The retry schedule's default (seconds after each failed attempt): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [5, 300, 1800, 7200, 18000, 36000];

/** `"5,300,1800"` → `[5, 300, 1800]`; throws on anything but non-negative whole seconds. */
export function parseRetrySchedule(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part))) throw new Error('expected comma-separated whole seconds, such as 5,300,1800');
  return parts.map(Number);
}

/**
 * After a failed attempt (the `attempts`-th), when the next is due, or null when it was the last:
 * the first attempt is followed by `schedule.length` retries.
 */
export function nextAttemptAt(schedule: readonly number[], attempts: number, now: Date): Date | null {
  const delay = schedule[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}

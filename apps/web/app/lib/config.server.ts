// Settings the web server reads from its environment.

type Env = Record<string, string | undefined>;

/** The development outbox page: on outside production, or when `DEV_OUTBOX=1`; `DEV_OUTBOX=0` turns it off. */
export function devOutboxEnabled(env: Env = process.env): boolean {
  if (env.DEV_OUTBOX === '1') return true;
  if (env.DEV_OUTBOX === '0') return false;
  return env.NODE_ENV !== 'production';
}

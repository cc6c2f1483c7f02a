// Steady traffic for the outage and rolling-restart tests, and polling with a deadline.
import { call, CookieJar, newUser } from './client';
import { sleep } from './processes';

export interface SignUpResult {
  email: string;
  status: number;
  code: string | undefined;
  ms: number;
}

export interface Load {
  readonly results: SignUpResult[];
  /** Stops sending; resolves once the requests in flight are answered. */
  stop(): Promise<SignUpResult[]>;
}

/** `concurrency` clients signing up new users through `base` one after another, 50 ms apart. */
export function startSignUpLoad(base: string, concurrency: number): Load {
  const results: SignUpResult[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const user = newUser();
      const answer = await call(`${base}/api/auth/sign-up/email`, { body: user, origin: base });
      results.push({ email: user.email, status: answer.status, code: answer.body?.code, ms: answer.ms });
      await sleep(50);
    }
  };
  const clients = Array.from({ length: concurrency }, client);
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(clients);
      return results;
    },
  };
}

/** Polls until `check` holds; answers the moment it did (performance.now()), or throws after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 25): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return performance.now();
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${check.toString().slice(0, 200)}`);
    await sleep(intervalMs);
  }
}

/** A user the session load signs in, with the cookies of its first session. */
export interface LoadUser {
  email: string;
  password: string;
  userId: string;
  jar: CookieJar;
}

export interface LoadAnswer {
  kind: 'get-session' | 'sign-in';
  /** When it was sent (performance.now()). */
  at: number;
  ms: number;
  status: number;
  /** The answer is what a healthy cluster gives: 200 and this user's session. */
  ok: boolean;
  error?: string;
}

/** A sign-in the load made: the cookies it answered with, to check later that they work. */
export interface LoadSignIn {
  user: LoadUser;
  status: number;
  sessionUserId: string | undefined;
  jar: CookieJar;
}

export interface SessionLoad {
  readonly answers: LoadAnswer[];
  readonly signIns: LoadSignIn[];
  stop(): Promise<void>;
}

export interface SessionLoadOptions {
  users: LoadUser[];
  /** Clients sending one request after another (as many as users, one user each). */
  connections: number;
  /** Requests per second over all clients, when the cluster keeps up. */
  ratePerSecond: number;
  /** Every n-th request is a sign-in (the client's user, new cookies), the others get-session. */
  signInEvery: number;
  origin: string;
}

/**
 * Steady traffic like a running app's: mostly get-session with valid cookies (the cookie cache
 * answers most), and every `signInEvery`-th request a password sign-in. Each client paces itself
 * to its share of `ratePerSecond` and never bursts to catch up.
 */
export function startSessionLoad(base: string, options: SessionLoadOptions): SessionLoad {
  const answers: LoadAnswer[] = [];
  const signIns: LoadSignIn[] = [];
  const intervalMs = (options.connections * 1000) / options.ratePerSecond;
  let sent = 0;
  let running = true;
  const client = async (index: number) => {
    const user = options.users[index % options.users.length]!;
    let next = performance.now() + (intervalMs * index) / options.connections;
    while (running) {
      await sleep(Math.max(0, next - performance.now()));
      next = Math.max(performance.now(), next + intervalMs);
      if (!running) break;
      sent += 1;
      const at = performance.now();
      if (sent % options.signInEvery === 0) {
        const jar = new CookieJar();
        // A slow answer is still an answer: sign-ins may wait behind the hashing queue on a busy machine.
        const answer = await call(`${base}/api/auth/sign-in/email`, { body: { email: user.email, password: user.password }, jar, origin: options.origin, timeoutMs: 60_000 });
        const sessionUserId: string | undefined = answer.body?.user?.id;
        signIns.push({ user, status: answer.status, sessionUserId, jar });
        answers.push({ kind: 'sign-in', at, ms: answer.ms, status: answer.status, ok: answer.status === 200 && sessionUserId === user.userId, error: errorOf(answer) });
      } else {
        const answer = await call(`${base}/api/auth/get-session`, { jar: user.jar });
        answers.push({ kind: 'get-session', at, ms: answer.ms, status: answer.status, ok: answer.status === 200 && answer.body?.user?.id === user.userId, error: errorOf(answer) });
      }
    }
  };
  const clients = Array.from({ length: options.connections }, (_, index) => client(index));
  return {
    answers,
    signIns,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

function errorOf(answer: { status: number; body: unknown }): string | undefined {
  if (answer.status === 200) return undefined;
  // nginx's own error pages are HTML: their title says it all ("502 Bad Gateway").
  if (typeof answer.body === 'string') return /<title>([^<]*)<\/title>/.exec(answer.body)?.[1] ?? answer.body.slice(0, 200);
  return JSON.stringify(answer.body)?.slice(0, 200);
}

/** The p-th percentile (0-100) of some durations, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

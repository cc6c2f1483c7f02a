// Steady sign-up traffic for the outage tests, and polling with a deadline.
import { call, newUser } from './client';
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

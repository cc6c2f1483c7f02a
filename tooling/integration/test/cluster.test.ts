// Two built gateways behind deploy/nginx.conf, on a fresh PostgreSQL database and Redis, each
// reached through a relay the suite can cut: sessions and rate limits across instances, instant
// revocation, PostgreSQL and Redis outages, and a graceful shutdown under load. The tests run in
// order on one cluster; the recovery times they measure are printed at the end (docs/operations.md).
// The few time bounds are the deployment's requirements (revocation within 100 ms, recovery within
// 5 s), far above what is measured, so a loaded machine does not fail them.
import { startCluster, type Cluster, type Gateway } from '../harness/cluster';
import { call, CookieJar, newUser, nextIp, type Answer } from '../harness/client';
import { nginxBinary } from '../harness/nginx';
import { hasExited, sleep } from '../harness/processes';
import { hasCommand, psql, rateLimitKeys } from '../harness/services';
import { startSignUpLoad, waitUntil } from '../harness/load';

const hasNginx = hasCommand(nginxBinary);
if (!hasNginx) console.warn(`Integration cluster tests skipped: ${nginxBinary} is missing (apt-get install nginx).`);
const describeCluster = hasNginx ? describe : describe.skip;

const measured: Record<string, string> = {};

describeCluster('two gateways behind nginx, on PostgreSQL and Redis, as in production', () => {
  let cluster: Cluster;
  let one: Gateway;
  let two: Gateway;

  beforeAll(async () => {
    cluster = await startCluster();
    [one, two] = cluster.gateways;
  }, 120_000);

  afterAll(async () => {
    // TEND_IT_LOGS=1: what nginx and the gateways wrote, to see why a test failed.
    if (process.env.TEND_IT_LOGS && cluster) console.log([cluster.nginx.child, ...cluster.gateways.map((g) => g.child)].map((c) => `--- ${c.name}\n${c.output.join('')}`).join('\n'));
    await cluster?.stop();
    if (Object.keys(measured).length) console.log(`integration measurements:\n${Object.entries(measured).map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
  }, 60_000);

  const signUpAt = (base: string, jar = new CookieJar(), user = newUser()) =>
    call(`${base}/api/auth/sign-up/email`, { body: user, jar, origin: cluster.url }).then((answer) => ({ answer, jar, user }));
  const sessionAt = (base: string, jar: CookieJar, query = '?disableCookieCache=true') => call(`${base}/api/auth/get-session${query}`, { jar });
  const addressOf = (gateway: Gateway) => `127.0.0.1:${gateway.port}`;

  it('answers /health/ready 200 on each gateway and through nginx', async () => {
    for (const base of [one.url, two.url, cluster.url]) {
      const answer = await call(`${base}/health/ready`);
      expect({ base, status: answer.status }).toEqual({ base, status: 200 });
    }
  });

  it('gives every answer through nginx an X-Request-Id, keeping a well-formed one the client sent, and the gateway logs it', async () => {
    const chosen = `it-${Date.now()}-request`;
    const kept = await call(`${cluster.url}/api/auth/ok`, { headers: { 'x-request-id': chosen } });
    expect(kept.headers.get('x-request-id')).toBe(chosen);
    const replaced = await call(`${cluster.url}/api/auth/ok`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const fresh = await call(`${cluster.url}/api/auth/ok`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    await waitUntil(() => cluster.nginx.accessLog().some((line) => line.request_id === chosen), 2000);
    const loggedBy = () => cluster.gateways.filter((g) => g.child.output.join('').includes(`"requestId":"${chosen}"`));
    await waitUntil(() => loggedBy().length === 1, 2000);
  });

  it('keeps a session made through nginx valid on both gateways, with requests spread over both', async () => {
    const { answer, jar, user } = await signUpAt(cluster.url);
    expect(answer.status).toBe(200);
    for (const gateway of cluster.gateways) {
      const session = await sessionAt(gateway.url, jar);
      expect({ gateway: gateway.name, email: session.body?.user?.email }).toEqual({ gateway: gateway.name, email: user.email });
    }
    const before = cluster.nginx.accessLog().length;
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(await sessionAt(cluster.url, jar));
    expect(answers.map((a) => a.body?.user?.id)).toEqual(Array(6).fill(answer.body.user.id));
    await waitUntil(() => cluster.nginx.accessLog().length >= before + 6, 2000);
    const upstreams = new Set(cluster.nginx.accessLog().slice(before).map((line) => line.upstream));
    expect([...upstreams].sort()).toEqual([addressOf(one), addressOf(two)].sort());
  });

  // The limiter runs before the body is read: an empty sign-in counts (3 per 10 s) and answers 400
  // without hashing a password, so the four attempts take milliseconds, well within the window.
  const signInAttempts = async (gateways: Gateway[], ip: string) => {
    const answers: Answer[] = [];
    for (const gateway of gateways) answers.push(await call(`${gateway.url}/api/auth/sign-in/email`, { body: {}, ip }));
    return answers;
  };

  it('shares the rate limit through Redis: the 4th sign-in in 10 s from one address is refused, whichever gateway answers', async () => {
    const ip = nextIp();
    const answers = await signInAttempts([one, two, one, two], ip);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 429]);
    expect(answers[3]!.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(rateLimitKeys(ip).length).toBeGreaterThan(0);
  });

  it('refuses a signed-out session on the other gateway within 100 ms, with the cookie cache on', async () => {
    const { answer, jar, user } = await signUpAt(one.url);
    expect(answer.status).toBe(200);
    // The cookies as they were before signing out: another tab, or a copy someone kept.
    const kept = jar.copy();
    expect((await sessionAt(two.url, kept.copy(), '')).body?.user?.email).toBe(user.email);

    const out = await call(`${one.url}/api/auth/sign-out`, { body: {}, jar, origin: cluster.url });
    expect(out.status).toBe(200);
    const signedOut = performance.now();
    let refusedAfter: number | null = null;
    let last: Answer | undefined;
    // Only requests sent within 100 ms of the sign-out's answer count.
    for (let sentAt = performance.now(); sentAt - signedOut <= 100; sentAt = performance.now()) {
      last = await sessionAt(two.url, kept.copy(), '');
      if (last.status === 200 && last.body === null) {
        refusedAfter = sentAt - signedOut;
        break;
      }
    }
    measured['revocation seen by the other gateway'] = refusedAfter === null ? `not within 100 ms (still ${JSON.stringify(last?.body?.user?.email ?? last?.status)})` : `${refusedAfter.toFixed(1)} ms`;
    expect(refusedAfter).not.toBeNull();
  });

  it('answers 503 SERVICE_UNAVAILABLE quickly while PostgreSQL is unreachable, recovers within 5 s, and loses no sign-up', async () => {
    const before = await signUpAt(cluster.url);
    expect(before.answer.status).toBe(200);
    const load = startSignUpLoad(cluster.url, 2);
    await waitUntil(() => load.results.filter((r) => r.status === 200).length >= 2, 15_000);

    await cluster.postgresRelay.stop();
    const cutAt = performance.now();
    await sleep(300);
    const signUpsDuring: Answer[] = [];
    const sessionsDuring: Answer[] = [];
    for (const gateway of cluster.gateways) {
      signUpsDuring.push(await signUpAt(gateway.url).then((s) => s.answer));
      sessionsDuring.push(await sessionAt(gateway.url, before.jar));
    }
    const during = [...signUpsDuring, ...sessionsDuring];
    const readiness = await Promise.all(cluster.gateways.map((g) => call(`${g.url}/health/ready`)));
    await sleep(Math.max(0, 2000 - (performance.now() - cutAt)));

    await cluster.postgresRelay.start();
    const backAt = performance.now();
    const recovered = await Promise.all(
      cluster.gateways.map(async (gateway) => {
        const at = await waitUntil(async () => (await signUpAt(gateway.url)).answer.status === 200, 15_000, 100);
        return at - backAt;
      }),
    );
    const results = await load.stop();
    for (const gateway of cluster.gateways) expect({ gateway: gateway.name, alive: !hasExited(gateway.child) }).toEqual({ gateway: gateway.name, alive: true });

    const failures = results.filter((r) => r.status !== 200);
    measured['PostgreSQL outage: sign-ups while down'] = summarise([...signUpsDuring, ...failures]);
    measured['PostgreSQL outage: get-session (no cookie cache) while down'] = summarise(sessionsDuring);
    measured['PostgreSQL outage: first sign-up after it returns'] = recovered.map((ms, i) => `${cluster.gateways[i]!.name} ${ms.toFixed(0)} ms`).join(', ');
    measured['PostgreSQL outage: sign-ups answered 200 / refused'] = `${results.length - failures.length} / ${failures.length}`;

    expect(during.map((a) => [a.status, a.body?.code])).toEqual(Array(during.length).fill([503, 'SERVICE_UNAVAILABLE']));
    expect(failures.map((r) => [r.status, r.code])).toEqual(failures.map(() => [503, 'SERVICE_UNAVAILABLE']));
    // Quickly: a request that needs no password hash fails fast (sign-ups hash first, so their
    // answers wait for the hashing queue, however loaded the machine is: recorded, not bounded).
    expect(Math.max(...sessionsDuring.map((a) => a.ms))).toBeLessThan(2000);
    expect(readiness.map((a) => a.status)).toEqual([503, 503]);
    expect(Math.max(...recovered)).toBeLessThanOrEqual(5000);

    // Every sign-up answered 200 is in the database.
    const emails = results.filter((r) => r.status === 200).map((r) => r.email);
    const stored = new Set(psql(`SELECT email FROM "user" WHERE email LIKE 'it-%'`, cluster.database).map(([email]) => email));
    expect(emails.filter((email) => !stored.has(email))).toEqual([]);
    expect(emails.length).toBeGreaterThan(2);
  }, 60_000);

  it('keeps serving through a Redis outage: limits fall back to each instance, sessions work, Redis is used again after', async () => {
    const { answer, jar } = await signUpAt(cluster.url);
    expect(answer.status).toBe(200);

    await cluster.redisRelay.stop();
    const ip = nextIp();
    const signIns = await signInAttempts([one, one, one, one], ip);
    // From the database, and from the cookie cache (whatever the revocation check does without Redis).
    const sessions = await Promise.all(cluster.gateways.flatMap((g) => [sessionAt(g.url, jar), sessionAt(g.url, jar, '')]));

    await cluster.redisRelay.start();
    const backAt = performance.now();
    const backIn = await Promise.all(
      cluster.gateways.map(async (gateway) => {
        const at = await waitUntil(
          async () => {
            const probe = nextIp();
            await call(`${gateway.url}/api/auth/get-session`, { ip: probe });
            return rateLimitKeys(probe).length > 0;
          },
          20_000,
          100,
        );
        return at - backAt;
      }),
    );
    measured['Redis outage: answers while down'] = summarise([...signIns, ...sessions]);
    measured['Redis outage: back on Redis after it returns'] = backIn.map((ms, i) => `${cluster.gateways[i]!.name} ${ms.toFixed(0)} ms`).join(', ');

    expect(signIns.map((a) => a.status)).toEqual([400, 400, 400, 429]);
    expect(Math.max(...signIns.map((a) => a.ms))).toBeLessThan(2000);
    expect(rateLimitKeys(ip)).toEqual([]);
    expect(sessions.map((s) => s.body?.user?.id)).toEqual(Array(4).fill(answer.body.user.id));
    expect(Math.max(...backIn)).toBeLessThanOrEqual(10_000);
  }, 60_000);

  /** Runs `during` with Redis unreachable, then waits until both gateways report Redis ok again. */
  const whileRedisIsDown = async <T>(during: () => Promise<T>): Promise<T> => {
    await cluster.redisRelay.stop();
    try {
      return await during();
    } finally {
      await cluster.redisRelay.start();
      for (const gateway of cluster.gateways) await waitUntil(async () => (await call(`${gateway.url}/health/ready`)).body?.checks?.redis === 'ok', 15_000, 100);
    }
  };

  it('ends a session signed out during a Redis outage on the other gateway too, with the cookie cache on', async () => {
    const { answer, jar } = await signUpAt(one.url);
    expect(answer.status).toBe(200);
    const kept = jar.copy();
    expect((await sessionAt(two.url, kept.copy(), '')).body?.user?.id).toBe(answer.body.user.id);
    const after = await whileRedisIsDown(async () => {
      const out = await call(`${one.url}/api/auth/sign-out`, { body: {}, jar, origin: cluster.url });
      expect(out.status).toBe(200);
      return sessionAt(two.url, kept.copy(), '');
    });
    expect({ status: after.status, body: after.body }).toEqual({ status: 200, body: null });
  }, 30_000);

  it('stays ready while Redis is down (200, redis: degraded, logged) and serves requests on the fallback', async () => {
    const logged = cluster.gateways.map((g) => g.child.output.length);
    const [readiness, served] = await whileRedisIsDown(() =>
      Promise.all([Promise.all(cluster.gateways.map((g) => call(`${g.url}/health/ready`))), Promise.all(cluster.gateways.map((g) => call(`${g.url}/api/auth/get-session`)))]),
    );
    expect(readiness.map((a) => [a.status, a.body])).toEqual(cluster.gateways.map(() => [200, { status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: 'degraded' } }]));
    expect(served.map((a) => a.status)).toEqual(cluster.gateways.map(() => 200));
    for (const [i, gateway] of cluster.gateways.entries()) {
      // The log lines travel through the child's stdout pipe, which may lag behind its HTTP answer.
      const logs = () => gateway.child.output.slice(logged[i]).join('');
      await waitUntil(() => logs().includes('readiness: Redis reachable again'), 5_000).catch(() => undefined);
      const output = logs();
      expect({ gateway: gateway.name, degraded: output.includes('readiness degraded: Redis unreachable'), back: output.includes('readiness: Redis reachable again') }).toEqual({ gateway: gateway.name, degraded: true, back: true });
    }
  }, 30_000);

  it('finishes the sign-ups in flight when a gateway gets SIGTERM, turns its readiness to 503 while it drains, and nginx sends the rest to the other one', async () => {
    const inFlight = Array.from({ length: 4 }, () => signUpAt(one.url).then((s) => s.answer));
    await Promise.race(inFlight);
    process.kill(one.child.process.pid!, 'SIGTERM');
    const stoppedAt = performance.now();
    const output = () => one.child.output.join('');

    // The drain (AUTH_SHUTDOWN_DRAIN_MS of deploy/gateway.env): not ready, still serving.
    await waitUntil(() => output().includes('"msg":"gateway stopping"'), 5000);
    const readiness = await call(`${one.url}/health/ready`);
    // Then it stops listening: what nginx sends from now on is answered by the other instance.
    await waitUntil(() => output().includes('"msg":"gateway closing its listener"'), 30_000);
    const logged = cluster.nginx.accessLog().length;
    const rest: Answer[] = [];
    for (let i = 0; i < 8; i += 1) rest.push(i % 2 ? await sessionAt(cluster.url, new CookieJar()) : (await signUpAt(cluster.url)).answer);
    const drained = await Promise.all(inFlight);
    const ended = await one.child.exited;
    measured['graceful shutdown: SIGTERM to exit'] = `${(performance.now() - stoppedAt).toFixed(0)} ms (exit code ${ended.code})`;

    expect([readiness.status, readiness.body]).toEqual([503, { status: 'stopping', checks: {} }]);
    expect(drained.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(rest.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(ended).toEqual({ code: 0, signal: null });
    await waitUntil(() => cluster.nginx.accessLog().length >= logged + 8, 2000);
    // Whatever nginx tried first, every answer after the listener closed came from the instance still up.
    const answeredBy = cluster.nginx.accessLog().slice(logged).map((line) => line.upstream.split(', ').at(-1));
    expect(new Set(answeredBy)).toEqual(new Set([addressOf(two)]));
  }, 60_000);
});

/** "n answers: statuses, p50 and max latency" for the measurements. */
function summarise(answers: { status: number; ms: number }[]): string {
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  const p50 = ms[Math.floor(ms.length / 2)] ?? 0;
  return `${answers.length} answers (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}), p50 ${p50.toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms`;
}

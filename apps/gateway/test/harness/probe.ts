// A throw-away feature for the sign-in pipeline's tests: a challenge policy registered by a module
// of its own, its cookie, its page, and a route that answers the challenge ("yes" is right).
import { z } from 'zod';
import type { ChallengePolicy } from '@tend/identity';
import { bindValue, token } from '../../src/di.js';
import { namedCookie } from '../../src/http/cookies.js';
import { endpoint } from '../../src/http/endpoint.js';
import type { GatewayModule } from '../../src/index.js';
import { PLATFORM } from '../../src/platform.js';

export const PROBE_COOKIE = 'tend.probe_challenge';

/** Demands a `probe` answer of every sign-in that has not given one. */
export const probePolicy: ChallengePolicy = { name: 'probe', demand: async (proof) => (proof.factors.includes('totp') ? null : { policy: 'probe', methods: ['probe'] }) };

/** The probe feature as a module, with `policy` (by default `probePolicy`) as its challenge policy. */
export function probeModule(policy: ChallengePolicy = probePolicy): GatewayModule {
  const policyToken = token<ChallengePolicy>('ProbePolicy');
  return {
    name: 'probe',
    bind: (c) => bindValue(c, policyToken, policy),
    endpoints: [
      endpoint({
        method: 'post',
        path: '/probe/answer',
        summary: 'Answers the probe challenge',
        tags: ['Probe'],
        auth: 'public',
        body: z.object({ answer: z.string().max(10) }),
        response: z.union([z.object({ token: z.string() }), z.object({ status: z.string() })]),
        deps: { completion: PLATFORM.SignInCompletion, signIns: PLATFORM.SignInHttp },
        async handler({ deps, body, req, res }) {
          const pending = deps.signIns.pendingToken(req, 'probe');
          if (!pending) return { status: 'no challenge' };
          const answered = await deps.completion.resume(pending, deps.signIns.client(req), async () => (body.answer === 'yes' ? 'totp' : null));
          if (answered.status !== 'done') return { status: answered.status };
          const reply = await deps.signIns.json(req, res, answered.outcome, ({ session }) => ({ token: session.token }));
          return 'token' in reply ? reply : { status: 'challenged again' };
        },
      }),
    ],
    challenges: [
      {
        policy: 'probe',
        policyToken,
        cookie: namedCookie({ name: 'probe_challenge', maxAge: 600, purpose: 'A pending probe sign-in.' }),
        reply: (demand) => ({ twoFactorRedirect: true, twoFactorMethods: [...demand.methods] }),
        page: '/sign-in/probe',
      },
    ],
  };
}

import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { USER_INPUT_SHAPE } from '@tend/identity';
import { TOKENS } from '../tokens.js';
import { authOf } from '../http/session.js';
import { parseBody } from '../http/validate.js';

// `email` is accepted by the schema only so the use case can refuse it with the spec's error.
const updateUserBody = z.object({
  ...Object.fromEntries(Object.entries(USER_INPUT_SHAPE).map(([key, schema]) => [key, schema.optional()])),
  email: z.unknown().optional(),
});
const usernameBody = z.object({ username: z.string().max(200) });

/** POST /update-user, POST /is-username-available */
export function userRoutes(c: Container): Router {
  const http = c.get(TOKENS.SessionHttp);
  const updateUser = c.get(TOKENS.UpdateUser);
  const isUsernameAvailable = c.get(TOKENS.IsUsernameAvailable);
  const router = Router();

  router.post('/update-user', http.required, async (req, res) => {
    const body = parseBody(updateUserBody, req);
    const input: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.hasOwn(req.body ?? {}, 'email')) input.email = body.email;
    const auth = authOf(res);
    const user = await updateUser.execute(auth.user.id, input);
    http.refreshCache(req, res, { session: auth.session, user });
    res.json({ status: true });
  });

  router.post('/is-username-available', async (req, res) => {
    const { username } = parseBody(usernameBody, req);
    res.json({ available: await isUsernameAvailable.execute(username) });
  });
  return router;
}

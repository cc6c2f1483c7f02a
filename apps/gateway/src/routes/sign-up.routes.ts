import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { USER_INPUT_SHAPE, presentUser } from '@tend/identity';
import { TOKENS } from '../tokens.js';
import { clientInfo } from '../http/client.js';
import { parseBody } from '../http/validate.js';

const signUpBody = z.object({
  ...Object.fromEntries(Object.entries(USER_INPUT_SHAPE).map(([key, schema]) => [key, schema.optional()])),
  name: z.string().trim().min(1).max(200),
  email: z.string().max(320),
  password: z.string().max(1024),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-up/email */
export function signUpRoutes(c: Container): Router {
  const signUp = c.get(TOKENS.SignUpWithEmail);
  const http = c.get(TOKENS.SessionHttp);
  const config = c.get(TOKENS.Config);
  const router = Router();

  router.post('/sign-up/email', async (req, res) => {
    const { email, password, callbackURL, rememberMe, ...fields } = parseBody(signUpBody, req);
    const { user, session } = await signUp.execute({ email, password, fields, callbackURL, rememberMe, ...clientInfo(req) });
    if (session) http.start(req, res, { session, user }, rememberMe !== false);
    res.json({ token: session?.token ?? null, user: presentUser(user, config.userFields) });
  });
  return router;
}

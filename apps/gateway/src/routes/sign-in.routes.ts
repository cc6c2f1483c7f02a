import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { presentUser } from '@tend/identity';
import { TOKENS } from '../tokens.js';
import { clientInfo } from '../http/client.js';
import { parseBody } from '../http/validate.js';
import { throttledSignIn } from '../http/sign-in-throttle.js';

const emailBody = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

const usernameBody = z.object({
  username: z.string().max(200),
  password: z.string().max(1024),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-in/email, POST /sign-in/username, POST /sign-out */
export function signInRoutes(c: Container): Router {
  const signIn = c.get(TOKENS.SignInWithPassword);
  const http = c.get(TOKENS.SessionHttp);
  const sessions = c.get(TOKENS.SessionManager);
  const config = c.get(TOKENS.Config);
  const throttled = throttledSignIn(c.get(TOKENS.FailedSignInThrottle));
  const router = Router();

  router.post('/sign-in/email', async (req, res) => {
    const body = parseBody(emailBody, req);
    const auth = await throttled(body.email, () =>
      signIn.withEmail({ identifier: body.email, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, ...clientInfo(req) }),
    );
    http.start(req, res, auth, body.rememberMe !== false);
    res.json({ redirect: Boolean(body.callbackURL), token: auth.session.token, url: body.callbackURL, user: presentUser(auth.user, config.userFields) });
  });

  router.post('/sign-in/username', async (req, res) => {
    const body = parseBody(usernameBody, req);
    const auth = await throttled(body.username, () =>
      signIn.withUsername({ identifier: body.username, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, ...clientInfo(req) }),
    );
    http.start(req, res, auth, body.rememberMe !== false);
    const { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } = auth.user;
    res.json({ token: auth.session.token, user: { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } });
  });

  router.post('/sign-out', async (req, res) => {
    const source = http.tokenOf(req);
    if (source) await sessions.delete(source.token);
    http.end(req, res);
    res.json({ success: true });
  });
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { VERIFY_EMAIL_ERRORS, presentUser, withQuery } from '@tend/identity';
import { isAuthError, type AuthError } from '@tend/kernel';
import { TOKENS } from '../tokens.js';
import { clientInfo } from '../http/client.js';
import { parseBody, parseQuery } from '../http/validate.js';

const sendBody = z.object({ email: z.string().max(320), callbackURL: z.string().max(2048).optional() });
const verifyQuery = z.object({ token: z.string().min(1).max(4096), callbackURL: z.string().max(2048).optional() });

const REDIRECT_CODES = new Set<string>(Object.values(VERIFY_EMAIL_ERRORS).map((error) => error.message));

/** The `?error=` of a failed verification: the spec's code (token_expired…), else the error's code. */
const redirectCode = (error: AuthError) => (REDIRECT_CODES.has(error.message) ? error.message : error.code);

/** POST /send-verification-email, GET /verify-email */
export function verificationRoutes(c: Container): Router {
  const send = c.get(TOKENS.SendVerificationEmail);
  const verify = c.get(TOKENS.VerifyEmail);
  const http = c.get(TOKENS.SessionHttp);
  const config = c.get(TOKENS.Config);
  const router = Router();

  router.post('/send-verification-email', async (req, res) => {
    await send.execute(parseBody(sendBody, req));
    res.json({ status: true });
  });

  router.get('/verify-email', async (req, res) => {
    const { token, callbackURL } = parseQuery(verifyQuery, req);
    const current = await http.resolve(req, res);
    let result;
    try {
      result = await verify.execute({ token, current, callbackURL, ...clientInfo(req) });
    } catch (error) {
      // A link clicked in a mail lands back in the app, with the reason in the query.
      if (callbackURL && isAuthError(error) && error.status < 500) return res.redirect(withQuery(callbackURL, { error: redirectCode(error) }));
      throw error;
    }
    if (result.session) http.start(req, res, { session: result.session, user: result.user });
    else if (current?.user.id === result.user.id) http.refreshCache(req, res, { session: current.session, user: result.user });
    if (callbackURL) return res.redirect(callbackURL);
    res.json({ status: true, user: presentUser(result.user, config.userFields) });
  });
  return router;
}

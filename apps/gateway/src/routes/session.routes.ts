import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { presentUser } from '@tend/identity';
import { TOKENS } from '../tokens.js';
import { authOf } from '../http/session.js';
import { parseBody, parseQuery, queryFlag } from '../http/validate.js';

const getSessionQuery = z.object({ disableCookieCache: queryFlag, disableRefresh: queryFlag });
const revokeBody = z.object({ token: z.string().min(1).max(256) });

/** GET /get-session, GET /list-sessions, POST /revoke-session(s), POST /revoke-other-sessions */
export function sessionRoutes(c: Container): Router {
  const http = c.get(TOKENS.SessionHttp);
  const sessions = c.get(TOKENS.SessionManager);
  const config = c.get(TOKENS.Config);
  const router = Router();

  router.get('/get-session', async (req, res) => {
    const query = parseQuery(getSessionQuery, req);
    const auth = await http.resolve(req, res, query);
    res.json(auth ? { session: auth.session, user: presentUser(auth.user, config.userFields) } : null);
  });

  router.get('/list-sessions', http.required, async (_req, res) => {
    const { user } = authOf(res);
    // Impersonation sessions are the admin's, not the user's: hidden from the list.
    res.json((await sessions.list(user.id)).filter((session) => !session.impersonatedBy));
  });

  router.post('/revoke-session', http.required, async (req, res) => {
    const { token } = parseBody(revokeBody, req);
    const auth = authOf(res);
    await sessions.revoke(auth.user.id, token);
    if (token === auth.session.token) http.end(req, res);
    res.json({ status: true });
  });

  router.post('/revoke-sessions', http.required, async (req, res) => {
    await sessions.revokeAll(authOf(res).user.id);
    http.end(req, res);
    res.json({ status: true });
  });

  router.post('/revoke-other-sessions', http.required, async (_req, res) => {
    const { user, session } = authOf(res);
    await sessions.revokeOthers(user.id, session.token);
    res.json({ status: true });
  });
  return router;
}

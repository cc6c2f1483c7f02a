import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { withQuery } from '@tend/identity';
import { isAuthError } from '@tend/kernel';
import { TOKENS } from '../tokens.js';
import { authOf } from '../http/session.js';
import { parseBody, parseQuery } from '../http/validate.js';

const changeEmailBody = z.object({ newEmail: z.string().max(320), callbackURL: z.string().max(2048).optional() });
const deleteBody = z.object({
  password: z.string().max(1024).optional(),
  token: z.string().max(256).optional(),
  callbackURL: z.string().max(2048).optional(),
});
const deleteCallbackQuery = z.object({ token: z.string().max(256), callbackURL: z.string().max(2048).optional() });

/** POST /change-email, POST /delete-user, GET /delete-user/callback (the last two only when deletion is enabled) */
export function accountRoutes(c: Container): Router {
  const changeEmail = c.get(TOKENS.ChangeEmail);
  const deleteUser = c.get(TOKENS.DeleteUser);
  const confirmDelete = c.get(TOKENS.ConfirmDeleteUser);
  const http = c.get(TOKENS.SessionHttp);
  const config = c.get(TOKENS.Config);
  const router = Router();

  router.post('/change-email', http.required, async (req, res) => {
    const body = parseBody(changeEmailBody, req);
    const { session, user } = authOf(res);
    const changed = await changeEmail.execute({ user, newEmail: body.newEmail, callbackURL: body.callbackURL });
    http.refreshCache(req, res, { session, user: changed });
    res.json({ status: true });
  });

  if (!config.deleteUser.enabled) return router;

  router.post('/delete-user', http.required, async (req, res) => {
    const body = parseBody(deleteBody, req);
    const outcome = await deleteUser.execute({ ...authOf(res), ...body });
    if (outcome === 'mail-sent') return res.json({ success: true, message: 'Verification email sent' });
    http.end(req, res);
    res.json({ success: true, message: 'User deleted' });
  });

  router.get('/delete-user/callback', async (req, res) => {
    const { token, callbackURL } = parseQuery(deleteCallbackQuery, req);
    // The stored session, not the cookie cache: a revoked session must not pass.
    const current = await http.resolve(req, res, { disableCookieCache: true });
    try {
      await confirmDelete.execute({ token, userId: current?.user.id ?? null });
    } catch (error) {
      if (callbackURL && isAuthError(error) && error.status < 500) return res.redirect(withQuery(callbackURL, { error: error.code }));
      throw error;
    }
    http.end(req, res);
    if (callbackURL) return res.redirect(callbackURL);
    res.json({ success: true, message: 'User deleted' });
  });
  return router;
}

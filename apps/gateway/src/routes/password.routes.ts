import { Router } from 'express';
import { z } from 'zod';
import type { Container } from 'inversify';
import { IDENTITY_ERRORS, presentUser, withQuery } from '@tend/identity';
import { raise } from '@tend/kernel';
import { TOKENS } from '../tokens.js';
import { clientInfo } from '../http/client.js';
import { authOf } from '../http/session.js';
import { parseBody, parseQuery } from '../http/validate.js';

const requestBody = z.object({ email: z.string().max(320), redirectTo: z.string().max(2048).optional() });
const linkQuery = z.object({ callbackURL: z.string().max(2048).optional() });
const resetBody = z.object({ newPassword: z.string().max(1024), token: z.string().max(256).optional() });
const resetQuery = z.object({ token: z.string().max(256).optional() });
const changeBody = z.object({
  newPassword: z.string().max(1024),
  currentPassword: z.string().max(1024),
  revokeOtherSessions: z.boolean().optional(),
});

/** POST /request-password-reset, POST /forget-password, GET /reset-password/{token}, POST /reset-password, POST /change-password */
export function passwordRoutes(c: Container): Router {
  const requestReset = c.get(TOKENS.RequestPasswordReset);
  const verifyResetToken = c.get(TOKENS.VerifyResetPasswordToken);
  const resetPassword = c.get(TOKENS.ResetPassword);
  const changePassword = c.get(TOKENS.ChangePassword);
  const http = c.get(TOKENS.SessionHttp);
  const config = c.get(TOKENS.Config);
  const router = Router();

  // Two names for one request (the spec keeps the older /forget-password).
  router.post(['/request-password-reset', '/forget-password'], async (req, res) => {
    res.json(await requestReset.execute(parseBody(requestBody, req)));
  });

  // The mailed link: back to the app's form with the token, or with ?error=INVALID_TOKEN.
  router.get('/reset-password/:token', async (req, res) => {
    const { callbackURL } = parseQuery(linkQuery, req);
    const token = String(req.params.token);
    const valid = await verifyResetToken.execute(token);
    if (callbackURL) return res.redirect(withQuery(callbackURL, valid ? { token } : { error: 'INVALID_TOKEN' }));
    if (!valid) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    res.json({ token });
  });

  router.post('/reset-password', async (req, res) => {
    const body = parseBody(resetBody, req);
    const query = parseQuery(resetQuery, req);
    await resetPassword.execute({ newPassword: body.newPassword, token: body.token ?? query.token });
    res.json({ status: true });
  });

  router.post('/change-password', http.required, async (req, res) => {
    const body = parseBody(changeBody, req);
    const { user } = authOf(res);
    const rememberMe = !http.tokenOf(req)?.dontRemember;
    const { session } = await changePassword.execute({ userId: user.id, ...body, rememberMe, ...clientInfo(req) });
    if (session) http.start(req, res, { session, user }, rememberMe);
    res.json({ token: session?.token ?? null, user: presentUser(user, config.userFields) });
  });
  return router;
}

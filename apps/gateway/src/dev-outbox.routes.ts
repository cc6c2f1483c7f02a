import { Router } from 'express';
import type { DevOutboxMailer } from '@tend/mailer';

/**
 * GET /api/dev/outbox (newest first) and DELETE /api/dev/outbox: the mails the development
 * outbox kept, links included. Mounted only outside production, and only with the outbox bound.
 */
export function devOutboxRoutes(outbox: DevOutboxMailer): Router {
  const router = Router();

  router.get('/outbox', (_req, res) => {
    const mails = outbox.list().map(({ id, to, subject, text, html, links, purpose, createdAt }) => ({ id, to, subject, text, html, links, purpose, createdAt }));
    res.json({ mails });
  });

  router.delete('/outbox', (_req, res) => {
    outbox.clear();
    res.json({ status: true });
  });
  return router;
}

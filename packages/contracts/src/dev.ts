// The development outbox (GET /api/dev/outbox): the mails the gateway kept instead of sending them,
// outside production only. Not an auth route, so it has a base path of its own.
import { z } from 'zod';
import { timestamp } from './primitives.js';
import { route } from './route.js';

export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  purpose: z.string(),
  /** The http(s) links of the mail, its action link first. */
  links: z.array(z.string()),
  createdAt: timestamp(),
});
export const outboxResponse = z.object({ mails: z.array(outboxMail) });

/** The development routes (not in the OpenAPI document). */
export const devRoutes = {
  outbox: route({ base: '/api/dev', method: 'get', path: '/outbox', response: outboxResponse }),
};

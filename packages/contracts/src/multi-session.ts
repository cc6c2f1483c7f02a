// Multi-session (issue 33): several accounts in one browser, as better-auth 1.7's multiSession
// plugin answers them (its `multiSessionClient()` works unchanged), and the caller's recent
// security activity from the audit log.
import { z } from 'zod';
import { session, status, user } from './auth.js';
import { queryInteger, timestamp, tokenInput } from './primitives.js';
import { route } from './route.js';

/** One account the browser holds: its session (this browser's token) and its user. */
export const deviceSession = z.object({ session, user }).meta({ id: 'DeviceSession' });

export const listDeviceSessionsResponse = z.array(deviceSession);
export const setActiveSessionBody = z.object({ sessionToken: tokenInput() });
export const setActiveSessionResponse = deviceSession;
export const revokeDeviceSessionBody = z.object({ sessionToken: tokenInput() });
export const revokeDeviceSessionResponse = status;

/** One security event of the caller's own account, newest first. */
export const activityEvent = z
  .object({
    id: z.string(),
    action: z.string(),
    createdAt: timestamp(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** How a sign-in was made or tried (`email`, `passkey`, `social`…), when the event says. */
    method: z.string().nullable(),
  })
  .meta({ id: 'ActivityEvent' });

/** Page size (1 to 100, default 20) and offset. */
export const accountActivityQuery = z.object({ limit: queryInteger(1, 100).optional(), offset: queryInteger(0, 1_000_000).optional() });
export const accountActivityResponse = z.object({ events: z.array(activityEvent), total: z.number().int() });

export const multiSessionRoutes = {
  listDeviceSessions: route({ method: 'get', path: '/multi-session/list-device-sessions', response: listDeviceSessionsResponse }),
  setActiveSession: route({ method: 'post', path: '/multi-session/set-active', body: setActiveSessionBody, response: setActiveSessionResponse }),
  revokeDeviceSession: route({ method: 'post', path: '/multi-session/revoke', body: revokeDeviceSessionBody, response: revokeDeviceSessionResponse }),
  accountActivity: route({ method: 'get', path: '/account-activity', query: accountActivityQuery, response: accountActivityResponse }),
};

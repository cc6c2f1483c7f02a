import type { GatewayModule } from '../module.js';
import { getSession, listSessions, revokeOtherSessions, revokeSession, revokeSessions, signOut } from './endpoints.js';

/** Reading, listing and ending sessions (the services are the platform's). */
export const sessionsModule: GatewayModule = {
  name: 'sessions',
  bind() {},
  endpoints: [getSession, listSessions, revokeSession, revokeSessions, revokeOtherSessions, signOut],
  auditActions: { 'sign-out': 'Signed out', 'sessions.revoke-all': 'Signed out everywhere', 'sessions.revoke-others': 'Signed out of other sessions' },
};

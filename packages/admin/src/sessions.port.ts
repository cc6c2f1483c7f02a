import type { SessionManager } from '@tend/sessions';

/**
 * The part of the sessions package's SessionManager the admin use cases need: resolving the
 * admin's kept session, listing and deleting sessions (impersonation sessions come from the
 * sign-in completion).
 */
export type AdminSessions = Pick<SessionManager, 'resolve' | 'list' | 'delete' | 'revokeAll'>;

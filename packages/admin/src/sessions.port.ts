import type { SessionManager } from '@tend/sessions';

/**
 * The part of the sessions package's SessionManager the admin use cases need: creating the
 * impersonation session, resolving the admin's kept session, listing and deleting sessions.
 */
export type AdminSessions = Pick<SessionManager, 'create' | 'resolve' | 'list' | 'delete' | 'revokeAll'>;

/**
 * The users and clients the contracts' records name. An adapter whose rows need them (foreign
 * keys of a database) stores them when its harness opens: users with these ids, and, except for
 * the client repository's contract (which makes its own), clients with these client ids.
 */
export const CONTRACT_USER_IDS = ['user-1', 'user-2'] as const;
export const CONTRACT_CLIENT_IDS = ['client-1', 'client-2'] as const;

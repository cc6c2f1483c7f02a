import type { ClientMetadata, ClientRegistrar } from './client-metadata.js';

/**
 * A registered OAuth client: its validated metadata, who registered it and its owner (a user for
 * owner-made clients; null for dynamic registrations and, unless given, site admins'). Only the
 * secret's SHA-256 is stored (`secretHash`; null for public clients, `none`).
 */
export interface OAuthClientRecord extends ClientMetadata {
  clientId: string;
  secretHash: string | null;
  userId: string | null;
  registrar: ClientRegistrar;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What an update may change: metadata, the secret (rotation), the disabled flag. */
export type OAuthClientChanges = Partial<ClientMetadata & { secretHash: string | null; disabled: boolean }>;

/** Where clients live, shared by every instance. */
export interface OAuthClientRepository {
  /** Stores a new client (its `clientId` is fresh: a duplicate throws). */
  insert(client: OAuthClientRecord): Promise<void>;
  findById(clientId: string): Promise<OAuthClientRecord | null>;
  /** The user's own clients, newest first. */
  listByUser(userId: string): Promise<OAuthClientRecord[]>;
  /** Every client, newest first, a page at a time (site admins). */
  list(page: { limit: number; offset: number }): Promise<{ clients: OAuthClientRecord[]; total: number }>;
  /** Applies `changes` at `now`; null when there is no such client. */
  update(clientId: string, changes: OAuthClientChanges, now: Date): Promise<OAuthClientRecord | null>;
  /** Deletes the client; false when there was none. */
  delete(clientId: string): Promise<boolean>;
}

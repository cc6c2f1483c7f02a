/** A user's remembered consent to a client for some scopes: the next authorization asking no more than these skips the consent page. */
export interface ConsentRecord {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Where consents live. One consent per user and client. */
export interface ConsentStore {
  find(userId: string, clientId: string): Promise<ConsentRecord | null>;
  /**
   * Records that the user consented to `scopes` for the client at `now`: creates the consent or
   * adds the scopes to the one there is (atomic: two concurrent grants leave one consent).
   */
  grant(input: { id: string; userId: string; clientId: string; scopes: string[] }, now: Date): Promise<ConsentRecord>;
  /** The user's consents, newest first. */
  listByUser(userId: string): Promise<ConsentRecord[]>;
  /** Deletes the user's consent `id`; false when it is not theirs or not there. */
  delete(id: string, userId: string): Promise<boolean>;
  /** Deletes every consent to the client; answers how many. */
  deleteByClient(clientId: string): Promise<number>;
}

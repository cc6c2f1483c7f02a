import type { Passkey } from '../../passkey.js';

/** A row of the `passkey` table, as the client answers it. */
export interface PasskeyRow {
  id: string;
  name: string | null;
  userId: string;
  credentialID: string;
  publicKey: string;
  counter: bigint;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  aaguid: string | null;
  createdAt: Date;
}

/** The entity of a row: the counter as a number (a uint32 fits), transports as a list. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    userId: row.userId,
    credentialID: row.credentialID,
    publicKey: row.publicKey,
    counter: Number(row.counter),
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports ? row.transports.split(',').filter(Boolean) : [],
    aaguid: row.aaguid,
    createdAt: row.createdAt,
  };
}

/** The row of an entity. */
export function toPasskeyRow(passkey: Passkey): PasskeyRow {
  return { ...passkey, counter: BigInt(passkey.counter), transports: passkey.transports.length ? passkey.transports.join(',') : null };
}

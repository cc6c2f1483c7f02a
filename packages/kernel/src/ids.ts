import { randomUUID } from 'node:crypto';

/** The one id generator: 36-character UUID text, the spec's default identifier. */
export type IdGenerator = () => string;

export const uuid: IdGenerator = () => randomUUID();

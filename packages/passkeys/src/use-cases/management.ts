import { raise } from '@tend/kernel';
import { PASSKEY_ERRORS } from '../error-codes.js';
import type { Passkey } from '../passkey.js';
import type { PasskeyRepository } from '../passkey-repository.port.js';

/** The signed-in user's passkeys, oldest first. */
export class ListPasskeys {
  constructor(private readonly passkeys: PasskeyRepository) {}

  execute(input: { userId: string }): Promise<Passkey[]> {
    return this.passkeys.listByUser(input.userId);
  }
}

/** Renames one of the user's passkeys; another's, or an unknown one, is 404 PASSKEY_NOT_FOUND. */
export class RenamePasskey {
  constructor(private readonly passkeys: PasskeyRepository) {}

  async execute(input: { userId: string; id: string; name: string }): Promise<Passkey> {
    const renamed = await this.passkeys.rename(input.id, input.userId, input.name.trim());
    if (!renamed) throw raise(PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    return renamed;
  }
}

/** Deletes one of the user's passkeys; another's, or an unknown one, is 404 PASSKEY_NOT_FOUND. */
export class DeletePasskey {
  constructor(private readonly passkeys: PasskeyRepository) {}

  async execute(input: { userId: string; id: string }): Promise<Passkey> {
    const passkey = await this.passkeys.findOwned(input.id, input.userId);
    if (!passkey || !(await this.passkeys.delete(input.id, input.userId))) throw raise(PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    return passkey;
  }
}

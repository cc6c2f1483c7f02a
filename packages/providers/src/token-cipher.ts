import { SecretCipher } from '@tend/kernel';

/**
 * Encrypts provider tokens (access, refresh, id) at rest with the kernel's `SecretCipher` under
 * their own key. Tokens stored before encryption (no prefix) are answered as they are.
 */
export class TokenCipher extends SecretCipher {
  constructor(secret: string) {
    super(secret, 'tend/provider-tokens/v1', { acceptsPlaintext: true });
  }
}

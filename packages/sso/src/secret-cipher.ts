import { SecretCipher as KernelSecretCipher } from '@tend/kernel';

/** Encrypts SSO client secrets at rest with the kernel's `SecretCipher` under their own key (not the provider-token key). */
export class SecretCipher extends KernelSecretCipher {
  constructor(secret: string) {
    super(secret, 'tend/sso-client-secrets/v1');
  }
}

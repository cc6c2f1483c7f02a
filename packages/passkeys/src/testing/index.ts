export { SoftwareAuthenticator, type CeremonyOverrides, type SoftwareAuthenticatorOptions } from './software-authenticator.js';
export { encodeCbor, type CborValue } from './cbor.js';
export { passkeyRepositoryContract, type PasskeyRepositoryHarness } from './passkey-repository.contract.js';

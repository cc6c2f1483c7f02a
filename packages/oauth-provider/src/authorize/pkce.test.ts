import { randomBytes } from 'node:crypto';
import { isValidCodeChallenge, isValidCodeVerifier, s256Challenge, verifyCodeVerifier } from './pkce.js';

// RFC 7636 appendix B.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const freshVerifier = () => randomBytes(32).toString('base64url');

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(s256Challenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(verifyCodeVerifier({ verifier: RFC_VERIFIER, challenge: RFC_CHALLENGE, method: 'S256' })).toBe(true);
  });

  it('accepts a fresh verifier for its own challenge only', () => {
    const verifier = freshVerifier();
    const challenge = s256Challenge(verifier);
    expect(verifyCodeVerifier({ verifier, challenge, method: 'S256' })).toBe(true);
    expect(verifyCodeVerifier({ verifier: freshVerifier(), challenge, method: 'S256' })).toBe(false);
    expect(verifyCodeVerifier({ verifier, challenge: s256Challenge(freshVerifier()), method: 'S256' })).toBe(false);
  });

  it('refuses the plain method, even when verifier and challenge are equal', () => {
    const verifier = freshVerifier();
    expect(verifyCodeVerifier({ verifier, challenge: verifier, method: 'plain' })).toBe(false);
    expect(verifyCodeVerifier({ verifier, challenge: s256Challenge(verifier), method: 'plain' })).toBe(false);
    expect(isValidCodeChallenge(s256Challenge(verifier), 'plain')).toBe(false);
    expect(isValidCodeChallenge(s256Challenge(verifier), undefined)).toBe(false);
  });

  it.each([
    ['42 characters', 'a'.repeat(42), false],
    ['43 characters', 'a'.repeat(43), true],
    ['128 characters', 'A'.repeat(128), true],
    ['129 characters', 'A'.repeat(129), false],
    ['the unreserved punctuation', `${'a'.repeat(40)}-._~`, true],
    ['a space', `${'a'.repeat(43)} `, false],
    ['a plus sign', `${'a'.repeat(43)}+`, false],
    ['a non-ASCII letter', `${'a'.repeat(43)}é`, false],
  ])('judges a verifier of %s', (_label, verifier, valid) => {
    expect(isValidCodeVerifier(verifier)).toBe(valid);
    // An invalid verifier is refused even when its digest is the challenge.
    expect(verifyCodeVerifier({ verifier, challenge: s256Challenge(verifier), method: 'S256' })).toBe(valid);
  });

  it('accepts only well-formed S256 challenges', () => {
    expect(isValidCodeChallenge(RFC_CHALLENGE, 'S256')).toBe(true);
    expect(isValidCodeChallenge(RFC_CHALLENGE.slice(1), 'S256')).toBe(false);
    expect(isValidCodeChallenge(`${RFC_CHALLENGE.slice(1)}=`, 'S256')).toBe(false);
    expect(isValidCodeChallenge(`${RFC_CHALLENGE.slice(1)}+`, 'S256')).toBe(false);
  });
});

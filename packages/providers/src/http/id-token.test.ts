import { decodeJwt } from 'jose';
import { decodeIdToken } from './id-token.js';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const tokenOf = (payload: unknown) => `${part({ alg: 'RS256', kid: 'k' })}.${part(payload)}.c2lnbmF0dXJl`;

describe('decodeIdToken', () => {
  it("reads the claims jose's decodeJwt reads", () => {
    for (const claims of [{ sub: '1', email: 'ada@example.com', email_verified: true }, { sub: 'ü', aud: ['a', 'b'], nested: { x: 1 } }, {}]) {
      const token = tokenOf(claims);
      expect(decodeIdToken(token)).toEqual(decodeJwt(token));
    }
    // Padding at the end and ASCII whitespace, as atob reads them.
    const header = part({ alg: 'RS256' });
    for (const payload of ['e30=', 'e30', 'e 30', 'eyJzdWIiOiIxIn0=', 'eyJzdWIiOiIxIn0']) {
      const token = `${header}.${payload}.sig`;
      expect(decodeIdToken(token)).toEqual(decodeJwt(token));
    }
  });

  it('answers INVALID_JWT for what decodeJwt refuses: not three parts, no payload, not base64url, not JSON, not an object', () => {
    const header = part({ alg: 'RS256' });
    const refused = [
      'abc',
      `${header}.${part({ sub: '1' })}`,
      `${header}..sig`,
      `${header}.e3=0.sig`,
      `${header}.e30==.sig`,
      `${header}.e+30.sig`,
      `${header}.e30/.sig`,
      `${header}.${part('not json')}.sig`,
      `${header}.${part([1, 2])}.sig`,
      `${header}.${part(null)}.sig`,
      `${header}.${part(42)}.sig`,
    ];
    for (const token of refused) {
      expect(() => decodeJwt(token)).toThrow();
      expect(() => decodeIdToken(token)).toThrow(expect.objectContaining({ code: 'INVALID_JWT' }));
    }
  });
});

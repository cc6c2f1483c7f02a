import { hasCode, ManualClock, SECOND } from '@tend/kernel';
import { signOAuthQuery, verifyOAuthQuery } from './oauth-query.js';

const secret = 'a-test-secret-of-enough-length-0123456789';
const parameters = {
  response_type: 'code',
  client_id: 'client-1',
  redirect_uri: 'https://app.example/callback?x=1&y=2',
  scope: 'openid profile email',
  state: 'st&te=with spaces',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};

function codeOfFailure(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('the signed oauth_query', () => {
  const clock = new ManualClock();
  const signed = () => signOAuthQuery(parameters, { secret, clock, ttlSeconds: 600 });

  it('verifies to the very parameters it signed, with exp and sig added', () => {
    const query = signed();
    const search = new URLSearchParams(query);
    expect(search.get('exp')).toBe(String(clock.now().getTime() / 1000 + 600));
    expect(search.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyOAuthQuery(query, { secret, clock })).toEqual(parameters);
    expect(verifyOAuthQuery(`?${query}`, { secret, clock })).toEqual(parameters);
  });

  it('does not depend on the order or the encoding the query comes back with', () => {
    const search = new URLSearchParams(signed());
    const reordered = new URLSearchParams([...search.entries()].reverse());
    expect(verifyOAuthQuery(reordered, { secret, clock })).toEqual(parameters);
    const spacesAsPercent = reordered.toString().replace(/\+/g, '%20');
    expect(verifyOAuthQuery(spacesAsPercent, { secret, clock })).toEqual(parameters);
  });

  it.each([
    ['a changed value', (s: URLSearchParams) => s.set('redirect_uri', 'https://evil.example/callback')],
    ['an added parameter', (s: URLSearchParams) => s.append('prompt', 'none')],
    ['a removed parameter', (s: URLSearchParams) => s.delete('code_challenge')],
    ['a duplicated parameter', (s: URLSearchParams) => s.append('scope', 'openid')],
    ['a later exp', (s: URLSearchParams) => s.set('exp', String(Number(s.get('exp')) + 3600))],
    ['a changed signature', (s: URLSearchParams) => s.set('sig', `${s.get('sig')!.slice(0, -1)}${s.get('sig')!.endsWith('A') ? 'B' : 'A'}`)],
    ['a second signature', (s: URLSearchParams) => s.append('sig', s.get('sig')!)],
    ['no signature', (s: URLSearchParams) => s.delete('sig')],
    ['no exp', (s: URLSearchParams) => s.delete('exp')],
  ])('refuses %s as INVALID_SIGNATURE', (_label, tamper) => {
    const search = new URLSearchParams(signed());
    tamper(search);
    expect(codeOfFailure(() => verifyOAuthQuery(search, { secret, clock }))).toBe('INVALID_SIGNATURE');
  });

  it('refuses a query signed under another secret', () => {
    expect(codeOfFailure(() => verifyOAuthQuery(signed(), { secret: `${secret}x`, clock }))).toBe('INVALID_SIGNATURE');
  });

  it('answers INVALID_REQUEST when there is no query', () => {
    for (const missing of [undefined, null, '', 'client_id=x']) {
      expect(codeOfFailure(() => verifyOAuthQuery(missing, { secret, clock }))).toBe('INVALID_REQUEST');
    }
  });

  it('expires after its time to live', () => {
    const query = signed();
    clock.advance(599 * SECOND);
    expect(verifyOAuthQuery(query, { secret, clock })).toEqual(parameters);
    clock.advance(SECOND);
    let failure: unknown;
    try {
      verifyOAuthQuery(query, { secret, clock });
    } catch (error) {
      failure = error;
    }
    expect(hasCode(failure, 'OAUTH_QUERY_EXPIRED')).toBe(true);
  });

  it('will not sign parameters that name exp or sig', () => {
    expect(() => signOAuthQuery({ ...parameters, sig: 'x' }, { secret, clock, ttlSeconds: 60 })).toThrow();
    expect(() => signOAuthQuery({ ...parameters, exp: '1' }, { secret, clock, ttlSeconds: 60 })).toThrow();
  });
});

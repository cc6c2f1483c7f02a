import { codeOf } from '@tend/kernel';
import { OAUTH_ERROR_NAMES, OAUTH_PROVIDER_ERRORS } from './error-codes.js';

describe('OAUTH_PROVIDER_ERRORS', () => {
  it.each(Object.entries(OAUTH_PROVIDER_ERRORS))('keys %s by the code of its message', (key, entry) => {
    expect(codeOf(entry.message)).toBe(key);
    expect(entry.code).toBe(key);
  });

  it('names an OAuth error for every code, in lower snake case', () => {
    expect(Object.keys(OAUTH_ERROR_NAMES).sort()).toEqual(Object.keys(OAUTH_PROVIDER_ERRORS).sort());
    for (const name of Object.values(OAUTH_ERROR_NAMES)) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

import { codeOf } from '@tend/kernel';
import { API_KEY_ERRORS, invalidField, rateLimitExceeded } from './error-codes.js';

describe('API_KEY_ERRORS', () => {
  it.each(Object.entries(API_KEY_ERRORS))('keys %s by the code of its message', (key, entry) => {
    expect(codeOf(entry.message)).toBe(key);
    expect(entry.code).toBe(key);
  });

  it("writes the spec's API key messages exactly", () => {
    expect(Object.values(API_KEY_ERRORS).map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'API Key not found',
        'API Key is disabled',
        'API Key has expired',
        'API Key has reached its usage limit',
        'Rate limit exceeded.',
        'Invalid API key.',
        'Failed to update API key.',
      ]),
    );
  });

  it('answers a bad field as 400 VALIDATION_ERROR Invalid body parameters naming it', () => {
    expect(invalidField('expiresIn', 'Expected a whole number of seconds').toJSON()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      issues: [{ path: 'expiresIn', message: 'Expected a whole number of seconds' }],
    });
  });

  it('carries the seconds to wait on a rate-limit refusal, rounded up, at least 1', () => {
    const error = rateLimitExceeded(1500);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded.', retryAfterSeconds: 2 });
    expect(error.toJSON()).toMatchObject({ retryAfter: 2 });
    expect(error.headers()).toEqual({ 'Retry-After': '2', 'X-Retry-After': '2' });
    expect(rateLimitExceeded(0).retryAfterSeconds).toBe(1);
  });
});

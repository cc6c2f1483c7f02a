import { AuthError } from '@tend/kernel';
import { RATE_LIMIT_ERRORS } from './error-codes.js';
import { decide, retryAfterHeaders, tooManyRequests, TooManyRequestsError } from './decision.js';

describe('the 429 answer', () => {
  it('is TOO_MANY_REQUESTS with the spec message, as an AuthError', () => {
    const error = tooManyRequests({ retryAfterSeconds: 7 });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error.status).toBe(429);
    expect(error.toJSON()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
    expect(RATE_LIMIT_ERRORS.TOO_MANY_REQUESTS).toMatchObject({ status: 429, message: 'Too many requests. Please try again later.' });
  });

  it('carries Retry-After and X-Retry-After in whole seconds', () => {
    expect(tooManyRequests({ retryAfterSeconds: 7 }).headers()).toEqual({ 'Retry-After': '7', 'X-Retry-After': '7' });
    expect(retryAfterHeaders({ allowed: false, retryAfterSeconds: 2.2 })).toEqual({ 'Retry-After': '3', 'X-Retry-After': '3' });
    expect(retryAfterHeaders({ allowed: true, retryAfterSeconds: 0 })).toEqual({});
  });

  it('asks to wait at least one second, even at the very end of a window', () => {
    expect(decide(4, 3, 10_000, 9_999)).toEqual({ allowed: false, retryAfterSeconds: 1, limit: 3, remaining: 0 });
    expect(decide(3, 3, 10_000, 0)).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 3, remaining: 0 });
  });
});

import { codeOf } from '@tend/kernel';
import { invalidField, WEBHOOK_ERRORS } from './error-codes.js';

describe('WEBHOOK_ERRORS', () => {
  it.each(Object.entries(WEBHOOK_ERRORS))('keys %s by the code of its message', (key, entry) => {
    expect(codeOf(entry.message)).toBe(key);
    expect(entry.code).toBe(key);
  });

  it('answers 404 WEBHOOK_NOT_FOUND for an unknown webhook', () => {
    expect(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND).toMatchObject({ status: 404, code: 'WEBHOOK_NOT_FOUND' });
  });

  it('answers a bad field as 400 VALIDATION_ERROR', () => {
    expect(invalidField('events', 'Unknown event: x').toJSON()).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters', issues: [{ path: 'events', message: 'Unknown event: x' }] });
  });
});

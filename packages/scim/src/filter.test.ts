import { isAuthError } from '@tend/kernel';
import { parseUserNameFilter } from './filter.js';

describe('parseUserNameFilter', () => {
  it('reads userName eq "<value>" in any case of attribute and operator, with escapes', () => {
    expect(parseUserNameFilter('userName eq "ada@example.com"')).toBe('ada@example.com');
    expect(parseUserNameFilter('  USERNAME EQ "Ada"  ')).toBe('Ada');
    expect(parseUserNameFilter('userName eq "a\\"b\\\\c"')).toBe('a"b\\c');
  });

  it.each(['', 'userName eq', 'userName eq ada', 'userName ne "a"', 'emails.value eq "a"', 'userName eq "a" and active eq true', '(('])('refuses %j with 400 invalidFilter', (filter) => {
    let error: unknown;
    try {
      parseUserNameFilter(filter);
    } catch (caught) {
      error = caught;
    }
    expect(isAuthError(error) && { status: error.status, body: error.toJSON() }).toEqual({
      status: 400,
      body: { code: 'INVALID_SCIM_FILTER', message: 'Invalid SCIM filter', schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', detail: 'Invalid SCIM filter', scimType: 'invalidFilter' },
    });
  });
});

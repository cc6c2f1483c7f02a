import { CommonPasswords } from './password-policy.js';

describe('CommonPasswords', () => {
  it('refuses the NFKC, case-folded forms of its entries', () => {
    const list = new CommonPasswords(['password123']);
    expect(list.has('Password123')).toBe(true);
    expect(list.has('ｐａｓｓｗｏｒｄ１２３')).toBe(true);
    expect(list.has('correct horse battery')).toBe(false);
  });

  it('given a loader, reads the list on the first lookup only, and once', () => {
    let reads = 0;
    const list = new CommonPasswords(() => {
      reads += 1;
      return ['letmein', 'dragon'];
    });
    expect(reads).toBe(0);
    expect(list.has('LetMeIn')).toBe(true);
    expect(list.has('monkey')).toBe(false);
    expect(list.size).toBe(2);
    expect(reads).toBe(1);
  });
});

import { parseDeleteWithPassword, parseNewPassword, parseProfile, parseSignIn, parseSignUp, safeRedirect } from '../app/lib/forms';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('form parsing', () => {
  it('asks for every missing sign-up field and never echoes the password', () => {
    const parsed = parseSignUp(form({ name: ' ', email: '', password: '' }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors.fields).sort()).toEqual(['email', 'name', 'password']);
    expect(parsed.values).not.toHaveProperty('password');
  });

  it('trims names and emails but keeps a password exactly as typed', () => {
    const parsed = parseSignUp(form({ name: ' Ada ', email: ' ada@example.com ', password: ' secret words ', username: '' }));
    expect(parsed).toEqual({ ok: true, values: { name: 'Ada', email: 'ada@example.com', password: ' secret words ', username: undefined } });
  });

  it('signs in by email when the identifier has an @, else by username', () => {
    const byEmail = parseSignIn(form({ identifier: 'ada@example.com', password: 'x', rememberMe: 'on' }));
    const byName = parseSignIn(form({ identifier: 'ada_l', password: 'x' }));
    expect(byEmail.ok && byEmail.values).toMatchObject({ kind: 'email', rememberMe: true });
    expect(byName.ok && byName.values).toMatchObject({ kind: 'username', rememberMe: false });
  });

  it('refuses two different new passwords', () => {
    const parsed = parseNewPassword(form({ newPassword: 'one two three', confirmPassword: 'one two four' }));
    expect(!parsed.ok && parsed.errors.fields.confirmPassword).toBe("The two passwords don't match.");
  });

  it('asks for the current password only where it is needed', () => {
    const fields = { newPassword: 'a long password', confirmPassword: 'a long password' };
    expect(parseNewPassword(form(fields)).ok).toBe(true);
    const parsed = parseNewPassword(form(fields), { current: true });
    expect(!parsed.ok && Object.keys(parsed.errors.fields)).toEqual(['currentPassword']);
  });

  it('accepts only http(s) picture links', () => {
    const bad = parseProfile(form({ name: 'Ada', image: 'javascript:alert(1)', username: '' }));
    expect(!bad.ok && bad.errors.fields.image).toMatch(/https:/);
    const cleared = parseProfile(form({ name: 'Ada', image: '', username: 'ada' }));
    expect(cleared.ok && cleared.values.image).toBeNull();
  });

  it('wants the "I understand" box ticked before deleting', () => {
    const parsed = parseDeleteWithPassword(form({ password: 'pw' }));
    expect(!parsed.ok && Object.keys(parsed.errors.fields)).toEqual(['confirm']);
    expect(parseDeleteWithPassword(form({ password: 'pw', confirm: 'on' })).ok).toBe(true);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/account/sessions', '/account/sessions'],
    ['//evil.example', '/account'],
    ['/\\evil.example', '/account'],
    ['https://evil.example/', '/account'],
    ['/x\n', '/account'],
    [null, '/account'],
  ])('turns %p into %p', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

import { changePasswordForm, deleteWithPasswordForm, newKeyForm, profileForm, resetPasswordForm, signInForm, signUpForm } from '../app/lib/form-schemas';
import { parseForm } from '../app/lib/forms';
import { safeRedirect } from '../app/lib/redirect';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('forms, checked with the contract schemas', () => {
  it('asks for every missing sign-up field in plain words and never echoes the password', () => {
    const parsed = parseForm(signUpForm, form({ name: ' ', email: '', password: '' }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      form: 'Please check the highlighted fields.',
      fields: { name: 'Please tell us what to call you.', email: 'Please enter your email address.', password: 'Please choose a password.' },
    });
    expect(parsed.values).not.toHaveProperty('password');
  });

  it('trims names and emails but keeps a password exactly as typed', () => {
    const parsed = parseForm(signUpForm, form({ name: ' Ada ', email: ' ada@example.com ', password: ' secret words ', username: '' }));
    expect(parsed).toEqual({ ok: true, values: { name: 'Ada', email: 'ada@example.com', password: ' secret words ' } });
  });

  it('refuses what the gateway would refuse, in plain words (a name over the contract length)', () => {
    const parsed = parseForm(signUpForm, form({ name: 'A'.repeat(201), email: 'ada@example.com', password: 'pw' }));
    expect(!parsed.ok && parsed.errors.fields.name).toBe('Please use at most 200 characters.');
  });

  it('takes an email or a username in one sign-in field, and the "keep me signed in" box', () => {
    expect(parseForm(signInForm, form({ identifier: 'ada@example.com', password: 'x', rememberMe: 'on' }))).toEqual({
      ok: true,
      values: { identifier: 'ada@example.com', password: 'x', rememberMe: true },
    });
    const byName = parseForm(signInForm, form({ identifier: ' ada_l ', password: 'x' }));
    expect(byName.ok && byName.values).toEqual({ identifier: 'ada_l', password: 'x' });
  });

  it('refuses two different new passwords', () => {
    const parsed = parseForm(resetPasswordForm, form({ newPassword: 'one two three', confirmPassword: 'one two four' }));
    expect(!parsed.ok && parsed.errors.fields).toEqual({ confirmPassword: "The two passwords don't match." });
  });

  it('asks for the current password when changing it, and compares the new ones all the same', () => {
    const parsed = parseForm(changePasswordForm, form({ newPassword: 'a long password', confirmPassword: 'another one' }));
    expect(!parsed.ok && parsed.errors.fields).toEqual({ currentPassword: 'Please enter your current password.', confirmPassword: "The two passwords don't match." });
    const changed = parseForm(changePasswordForm, form({ currentPassword: 'old', newPassword: 'a long password', confirmPassword: 'a long password', revokeOtherSessions: 'on' }));
    expect(changed.ok && changed.values.revokeOtherSessions).toBe(true);
  });

  it('accepts only http(s) picture links, and an empty one clears it', () => {
    const bad = parseForm(profileForm, form({ name: 'Ada', image: 'javascript:alert(1)', username: '' }));
    expect(!bad.ok && bad.errors.fields.image).toMatch(/https:/);
    const cleared = parseForm(profileForm, form({ name: 'Ada', image: '', username: 'ada' }));
    expect(cleared).toEqual({ ok: true, values: { name: 'Ada', username: 'ada' } });
  });

  it('wants the "I understand" box ticked before deleting', () => {
    const parsed = parseForm(deleteWithPasswordForm, form({ password: 'pw' }));
    expect(!parsed.ok && parsed.errors.fields).toEqual({ confirm: 'Please confirm that you understand this cannot be undone.' });
    expect(parseForm(deleteWithPasswordForm, form({ password: 'pw', confirm: 'on' })).ok).toBe(true);
  });

  it('names an API key within the contract length and picks one of the expiries', () => {
    const parsed = parseForm(newKeyForm, form({ name: 'x'.repeat(33), expires: 'soon' }));
    expect(!parsed.ok && parsed.errors.fields).toEqual({ name: 'Please use a name of at most 32 characters.', expires: 'Please choose when the key should expire.' });
    expect(!parsed.ok && parsed.values).toEqual({ name: 'x'.repeat(33), expires: 'soon' });
    expect(parseForm(newKeyForm, form({ name: ' backup ', expires: '7d' }))).toEqual({ ok: true, values: { name: 'backup', expires: '7d' } });
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

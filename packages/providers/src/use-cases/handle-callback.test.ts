import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackError } from '../callback-error.js';
import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, TEST_AUTH_BASE_URL } from '../testing/provider-harness.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());
afterEach(() => fakes.clearFailures());

const ERROR_PAGE = `${TEST_AUTH_BASE_URL}/error`;

async function rejection(promise: Promise<unknown>): Promise<CallbackError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CallbackError)) throw new Error(`expected a CallbackError, got ${String(error)}`);
  return error;
}

describe('HandleCallback: the sign-in state', () => {
  it('redirects with state_not_found when the callback carries no state', async () => {
    const harness = createProviderHarness({ fakes });
    const error = await rejection(harness.useCases.handleCallback.execute({ providerId: 'github', code: 'x', binding: 'b' }));
    expect(error).toMatchObject({ status: 400, code: 'STATE_NOT_FOUND', redirectCode: 'state_not_found', redirectTo: `${ERROR_PAGE}?error=state_not_found` });
  });

  it('redirects with please_restart_the_process for an unknown state', async () => {
    const harness = createProviderHarness({ fakes });
    const error = await rejection(harness.useCases.handleCallback.execute({ providerId: 'github', state: 'A'.repeat(32), code: 'x', binding: 'b' }));
    expect(error).toMatchObject({ code: 'PLEASE_RESTART_THE_PROCESS', redirectTo: `${ERROR_PAGE}?error=please_restart_the_process` });
  });

  it('accepts a state for 10 minutes and refuses it after (please_restart_the_process)', async () => {
    const harness = createProviderHarness({ fakes });
    const early = await harness.start('github');
    harness.clock.advance(10 * 60 * 1000 - 1);
    await expect(harness.useCases.handleCallback.execute(harness.callbackInput('github', early.authorization, early.started.binding))).resolves.toMatchObject({ outcome: 'signed-in' });

    const late = await harness.start('github');
    harness.clock.advance(10 * 60 * 1000);
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('github', late.authorization, late.started.binding)));
    expect(error.redirectCode).toBe('please_restart_the_process');
    expect(await harness.verifications.findByIdentifier(late.started.state, harness.clock.now())).toBeNull();
  });

  it('consumes the state: a second callback with it is refused', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('discord');
    await harness.useCases.handleCallback.execute(harness.callbackInput('discord', authorization, started.binding));
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('discord', authorization, started.binding)));
    expect(error.redirectCode).toBe('please_restart_the_process');
  });

  it('lets exactly one of two parallel callbacks with the same state through', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('github');
    const input = harness.callbackInput('github', authorization, started.binding);
    const results = await Promise.allSettled([harness.useCases.handleCallback.execute(input), harness.useCases.handleCallback.execute(input)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([expect.objectContaining({ redirectCode: 'please_restart_the_process' })]);
  });

  it('refuses a state presented by another browser (wrong or missing binding) and leaves it for the right one', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('github');
    for (const binding of ['someone-else', null]) {
      const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('github', authorization, started.binding, { binding })));
      expect(error.redirectCode).toBe('please_restart_the_process');
    }
    await expect(harness.useCases.handleCallback.execute(harness.callbackInput('github', authorization, started.binding))).resolves.toMatchObject({ outcome: 'signed-in' });
  });

  it('refuses a state started for another provider', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('github');
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('discord', authorization, started.binding)));
    expect(error.redirectCode).toBe('please_restart_the_process');
  });
});

describe('HandleCallback: provider answers', () => {
  it("passes the provider's own error on, to the sign-in's errorCallbackURL", async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('github', { errorCallbackURL: '/sign-in?tab=social' });
    const error = await rejection(
      harness.useCases.handleCallback.execute(harness.callbackInput('github', authorization, started.binding, { code: null, error: 'access_denied', errorDescription: 'The user said no' })),
    );
    expect(error).toMatchObject({ code: 'PROVIDER_ERROR', redirectCode: 'access_denied', redirectTo: '/sign-in?tab=social&error=access_denied&error_description=The%20user%20said%20no' });
  });

  it('redirects with no_code when the provider sends no code', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('github');
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('github', authorization, started.binding, { code: '' })));
    expect(error).toMatchObject({ code: 'NO_CODE', redirectTo: `${ERROR_PAGE}?error=no_code` });
  });

  it('redirects with invalid_code when the provider refuses the code', async () => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('google');
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('google', authorization, started.binding, { code: 'not-a-code' })));
    expect(error.redirectCode).toBe('invalid_code');
  });

  it.each([
    ['a 500', { status: 500, text: 'oops' }],
    ['a body that is not JSON', { status: 200, headers: { 'content-type': 'application/json' }, text: '{"access_token": ' }],
    ['a dropped connection', 'reset'],
    ['a JSON answer without an access token', { status: 200, json: { token_type: 'bearer' } }],
  ] as const)('redirects with invalid_code when the token endpoint answers %s', async (_name, reply) => {
    const harness = createProviderHarness({ fakes });
    const { started, authorization } = await harness.start('discord');
    fakes.fail('https://discord.com/api/oauth2/token', reply as never);
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('discord', authorization, started.binding)));
    expect(error.redirectCode).toBe('invalid_code');
  });

  it('redirects with invalid_code within the configured timeout when the token endpoint never answers', async () => {
    const harness = createProviderHarness({ fakes, timeoutMs: 200 });
    const { started, authorization } = await harness.start('discord');
    fakes.fail('https://discord.com/api/oauth2/token', 'hang');
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('discord', authorization, started.binding)));
    expect(error.redirectCode).toBe('invalid_code');
  });

  it('redirects with invalid_code when the provider cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const harness = createProviderHarness({ fakes, urlRewrite: `http://127.0.0.1:${port}` });
    const started = await harness.useCases.startSocialSignIn.execute({ provider: 'github', callbackURL: '/' });
    const error = await rejection(harness.useCases.handleCallback.execute({ providerId: 'github', state: started.state, code: 'some-code', binding: started.binding }));
    expect(error.redirectCode).toBe('invalid_code');
  });

  it.each([
    ['a 500', { status: 500, json: { message: 'Server Error' } }],
    ['a body that is not JSON', { status: 200, text: '<html>' }],
    ['nothing (timeout)', 'hang'],
  ] as const)('redirects with unable_to_get_user_info when the profile endpoint answers %s', async (_name, reply) => {
    const harness = createProviderHarness({ fakes, timeoutMs: 300 });
    const { started, authorization } = await harness.start('spotify');
    fakes.fail('https://api.spotify.com/v1/me', reply as never);
    const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('spotify', authorization, started.binding)));
    expect(error).toMatchObject({ code: 'UNABLE_TO_GET_USER_INFO', redirectTo: `${ERROR_PAGE}?error=unable_to_get_user_info` });
  });

  it('yields no user for VK without an email (unable_to_get_user_info)', async () => {
    const harness = createProviderHarness({ fakes });
    fakes.setUser('vk', { user: { user_id: '42', first_name: 'No', last_name: 'Mail' } });
    try {
      const { started, authorization } = await harness.start('vk');
      const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('vk', authorization, started.binding)));
      expect(error.redirectCode).toBe('unable_to_get_user_info');
    } finally {
      fakes.setUser('vk', {});
    }
  });

  it.each([
    ['locked', { locked: true }],
    ['blocked', { state: 'blocked' }],
  ])('yields no user for a %s GitLab user (unable_to_get_user_info)', async (_name, profile) => {
    const harness = createProviderHarness({ fakes });
    fakes.setUser('gitlab', profile);
    try {
      const { started, authorization } = await harness.start('gitlab');
      const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('gitlab', authorization, started.binding)));
      expect(error.redirectCode).toBe('unable_to_get_user_info');
    } finally {
      fakes.setUser('gitlab', {});
    }
  });

  it('signs up a provider that shares no email with the placeholder {account id}@{provider}.placeholder.invalid, unverified', async () => {
    const harness = createProviderHarness({ fakes });
    const result = await harness.signIn('reddit');
    expect(result).toMatchObject({ outcome: 'signed-in', isNewUser: true, user: { email: 'abc12@reddit.placeholder.invalid', emailVerified: false } });
  });

  it('redirects with email_not_found when a provider that shares emails sends none and no placeholder domain is set', async () => {
    const harness = createProviderHarness({ fakes });
    fakes.setUser('github', { profile: { id: 78, login: 'nomail', name: null, email: null, avatar_url: null }, emails: [] });
    try {
      const { started, authorization } = await harness.start('github');
      const error = await rejection(harness.useCases.handleCallback.execute(harness.callbackInput('github', authorization, started.binding)));
      expect(error).toMatchObject({ code: 'EMAIL_NOT_FOUND', redirectTo: `${ERROR_PAGE}?error=email_not_found` });
    } finally {
      fakes.setUser('github', {});
    }
  });

  it("takes GitHub's public email when the profile has one, verified only if the email list says so", async () => {
    const harness = createProviderHarness({ fakes });
    fakes.setUser('github', { profile: { id: 77, login: 'pub', name: null, email: 'public@example.com', avatar_url: null } });
    try {
      const result = await harness.signIn('github');
      expect(result.user).toMatchObject({ email: 'public@example.com', emailVerified: false, name: 'pub', image: null });
    } finally {
      fakes.setUser('github', {});
    }
  });

  it("takes Twitter's email from the second call, and a placeholder when there is none", async () => {
    const harness = createProviderHarness({ fakes, placeholderEmailDomain: 'users.tend.invalid' });
    const first = await harness.signIn('twitter');
    expect(first.user).toMatchObject({ email: 'dev@example.com', emailVerified: true });
    expect(fakes.requestsTo('https://api.x.com/2/users/me').map((r) => r.query.get('user.fields'))).toEqual(expect.arrayContaining(['profile_image_url', 'confirmed_email']));

    const other = createProviderHarness({ fakes });
    fakes.setUser('twitter', { data: { id: '99', name: 'No Mail', username: 'nomail' }, confirmed_email: null });
    try {
      const result = await other.signIn('twitter');
      expect(result.user).toMatchObject({ email: '99@twitter.placeholder.invalid', emailVerified: false });
    } finally {
      fakes.setUser('twitter', {});
    }
  });

  it('signs in without the Microsoft photo when Graph has none', async () => {
    const harness = createProviderHarness({ fakes });
    fakes.setUser('microsoft', { photo: false });
    try {
      const result = await harness.signIn('microsoft');
      expect(result.user).toMatchObject({ email: 'ada@example.com', image: null });
    } finally {
      fakes.setUser('microsoft', {});
    }
  });
});

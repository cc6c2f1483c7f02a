import { createMemoryTables, ManualClock, type MemoryTables } from '@tend/kernel';
import { MemoryAccountRepository, MemoryUserRepository, MemoryVerificationRepository } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import type { ProvidersSettings } from '../config.js';
import type { AccountLinkingConfig } from '../linking/account-linking.js';
import type { ProviderId } from '../oauth-provider.port.js';
import { ProviderRegistry } from '../providers/registry.js';
import type { HandleCallbackInput, HandleCallbackOutput } from '../use-cases/handle-callback.js';
import type { StartSocialSignInInput } from '../use-cases/start-social-sign-in.js';
import { createProviderUseCases } from '../wiring.js';
import type { FakeAuthorization, FakeProviders } from './fakes/fake-providers.js';

export const TEST_AUTH_BASE_URL = 'http://localhost:3000/api/auth';
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface ProviderHarnessOptions {
  fakes: FakeProviders;
  /** Settings of the enabled providers (the fakes' credentials for all 18 by default). */
  providers?: ProvidersSettings;
  urlRewrite?: string;
  timeoutMs?: number;
  signUpEnabled?: boolean;
  placeholderEmailDomain?: string | null;
  linking?: Partial<AccountLinkingConfig>;
}

/**
 * The provider use cases on memory repositories (identity, sessions) and a ManualClock that
 * starts now, with the registry pointed at the fakes through the URL rewrite.
 */
export function createProviderHarness(options: ProviderHarnessOptions) {
  const tables: MemoryTables = createMemoryTables();
  const clock = new ManualClock(Date.now());
  const users = new MemoryUserRepository(tables);
  const accounts = new MemoryAccountRepository(tables);
  const verifications = new MemoryVerificationRepository(tables);
  const { sessions, issuer, completion } = signInFixture({ tables, clock });
  const registry = new ProviderRegistry({
    providers: options.providers ?? options.fakes.settings(),
    urlRewrite: options.urlRewrite ?? options.fakes.baseURL,
    timeoutMs: options.timeoutMs,
    clock,
  });
  const useCases = createProviderUseCases({
    providers: registry,
    users,
    accounts,
    verifications,
    sessions,
    completion,
    clock,
    secret: TEST_SECRET,
    routes: { authBaseURL: TEST_AUTH_BASE_URL },
    signUpEnabled: options.signUpEnabled,
    placeholderEmailDomain: options.placeholderEmailDomain,
    linking: options.linking,
  });

  /** Starts a sign-in and follows the authorization URL to the fake: what the callback will receive. */
  async function start(provider: ProviderId, input: Partial<StartSocialSignInInput> = {}) {
    const started = await useCases.startSocialSignIn.execute({ provider, callbackURL: '/dashboard', newUserCallbackURL: '/welcome', ...input });
    const authorization = await options.fakes.authorize(started.url);
    return { started, authorization };
  }

  /** The callback input of an authorization, as the gateway would build it. */
  function callbackInput(provider: ProviderId, authorization: FakeAuthorization, binding: string, extra: Partial<HandleCallbackInput> = {}): HandleCallbackInput {
    return { providerId: provider, state: authorization.state, code: authorization.code, deviceId: authorization.deviceId, user: authorization.user, binding, ...extra };
  }

  /** A whole sign-in: start, authorize at the fake, callback. */
  async function signIn(provider: ProviderId, input: Partial<StartSocialSignInInput> = {}): Promise<HandleCallbackOutput> {
    const { started, authorization } = await start(provider, input);
    return useCases.handleCallback.execute(callbackInput(provider, authorization, started.binding));
  }

  return { tables, clock, users, accounts, verifications, sessions, issuer, completion, registry, useCases, start, callbackInput, signIn };
}

export type ProviderHarness = ReturnType<typeof createProviderHarness>;

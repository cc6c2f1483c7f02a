import { ok, type FakeProviderDefinition } from '../definition.js';

/** GitHub: profile without a public email; the primary one is in /user/emails. */
export const githubFake: FakeProviderDefinition = {
  id: 'github',
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  clientAuth: 'post',
  errorsWith200: true,
  scopeFormat: 'comma',
  user: () => ({
    profile: { id: 1001, login: 'octocat', name: 'Mona Octocat', email: null, avatar_url: 'https://avatars.githubusercontent.com/u/1001' },
    emails: [
      { email: 'mona@example.com', primary: true, verified: true, visibility: 'private' },
      { email: 'other@example.com', primary: false, verified: false, visibility: null },
    ],
  }),
  routes: () => [
    { method: 'GET', url: 'https://api.github.com/user', reply: (_req, user) => ok(user?.profile) },
    { method: 'GET', url: 'https://api.github.com/user/emails', reply: (_req, user) => ok(user?.emails ?? []) },
  ],
};

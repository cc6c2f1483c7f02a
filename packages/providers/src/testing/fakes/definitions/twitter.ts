import { ok, type FakeProviderDefinition } from '../definition.js';

/** Twitter (X): /2/users/me for the profile, a second call with user.fields=confirmed_email for the email. */
export const twitterFake: FakeProviderDefinition = {
  id: 'twitter',
  authorize: 'https://x.com/i/oauth2/authorize',
  token: 'https://api.x.com/2/oauth2/token',
  clientAuth: 'basic',
  user: () => ({
    data: { id: '2244994945', name: 'Dev Platform', username: 'XDevelopers', profile_image_url: 'https://pbs.twimg.com/profile_images/dev_normal.jpg' },
    confirmed_email: 'dev@example.com',
  }),
  routes: () => [
    {
      method: 'GET',
      url: 'https://api.x.com/2/users/me',
      reply(request, user) {
        const data = (user?.data ?? {}) as Record<string, unknown>;
        if (request.query.get('user.fields') === 'confirmed_email') {
          return ok({ data: { id: data.id, ...(user?.confirmed_email ? { confirmed_email: user.confirmed_email } : {}) } });
        }
        return ok({ data });
      },
    },
  ],
};

import { Webhook } from 'standardwebhooks';
import { deliveryHeaders, newWebhookSecret } from './signing.js';

describe('Standard Webhooks signing', () => {
  it('signs what the standardwebhooks library verifies, and nothing else', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: { user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
    const headers = deliveryHeaders(secret, 'msg_1', new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('u1', 'u2'), headers)).toThrow();
  });
});

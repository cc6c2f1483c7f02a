import { startFakeResend, type FakeResend } from './fake-resend.js';

const MAIL = { from: 'Tend <no-reply@tend.example>', to: 'ada@example.com', subject: 'Hi', text: 'Hello' };

describe('startFakeResend', () => {
  let fake: FakeResend;

  beforeEach(async () => {
    fake = await startFakeResend();
  });

  afterEach(() => fake.close());

  async function post(body: unknown, headers: Record<string, string> = { authorization: `Bearer ${fake.apiKey}` }) {
    const response = await fetch(`${fake.url}/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('listens on 127.0.0.1 and accepts a valid mail with an id', async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { status, body } = await post(MAIL);

    expect(status).toBe(200);
    expect(body.id).toEqual(expect.any(String));
    expect(fake.mails).toMatchObject([{ id: body.id, to: ['ada@example.com'], subject: 'Hi', text: 'Hello' }]);
  });

  it('answers 401 missing_api_key without a bearer key, and 401 invalid_api_key for another key', async () => {
    expect(await post(MAIL, {})).toMatchObject({ status: 401, body: { name: 'missing_api_key' } });
    expect(await post(MAIL, { authorization: 'Bearer re_other' })).toMatchObject({ status: 401, body: { name: 'invalid_api_key' } });
    expect(fake.mails).toEqual([]);
  });

  it.each([
    [{ ...MAIL, from: undefined }, 'missing_required_field', 'Missing `from` field.'],
    [{ ...MAIL, from: 'not an address' }, 'validation_error', expect.stringContaining('Invalid `from` field')],
    [{ ...MAIL, to: undefined }, 'missing_required_field', 'Missing `to` field.'],
    [{ ...MAIL, to: 'nobody' }, 'validation_error', expect.stringContaining('Invalid `to` field')],
    [{ ...MAIL, subject: undefined }, 'missing_required_field', 'Missing `subject` field.'],
    [{ ...MAIL, text: undefined }, 'validation_error', 'Missing `html` or `text` field.'],
    [{ ...MAIL, tags: [{ name: 'purpose', value: 'has space' }] }, 'validation_error', expect.stringContaining('Tags')],
  ])('answers 422 for an invalid mail (%#)', async (mail, name, message) => {
    expect(await post(mail)).toEqual({ status: 422, body: { statusCode: 422, name, message } });
  });

  it('answers the same id for a repeated idempotency key, and 409 when the payload differs', async () => {
    const headers = { authorization: `Bearer ${fake.apiKey}`, 'idempotency-key': 'key-1' };
    const first = await post(MAIL, headers);
    const again = await post(MAIL, headers);
    const changed = await post({ ...MAIL, subject: 'Other' }, headers);

    expect(again.body.id).toBe(first.body.id);
    expect(changed).toMatchObject({ status: 409, body: { name: 'invalid_idempotent_request' } });
    expect(fake.mails).toHaveLength(1);
    expect(fake.mails[0]?.idempotencyKey).toBe('key-1');
  });

  it('answers the requested failure once, then accepts again', async () => {
    fake.failNext(503, { statusCode: 503, name: 'application_error', message: 'Down' });

    expect(await post(MAIL)).toMatchObject({ status: 503, body: { message: 'Down' } });
    expect(await post(MAIL)).toMatchObject({ status: 200 });
  });

  it('answers 404 for another path', async () => {
    const response = await fetch(`${fake.url}/domains`, { headers: { authorization: `Bearer ${fake.apiKey}` } });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});

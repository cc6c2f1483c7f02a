import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from '@tend/kernel';
import type { MailMessage } from '../../mailer.port.js';
import { passwordResetEmail } from '../../templates/index.js';
import { startFakeResend, type FakeResend } from '../../testing/fake-resend.js';
import { mailerContract } from '../../testing/mailer.contract.js';
import { RecordingLogger } from '../../testing/recording-logger.js';
import { ResendMailer } from './resend-mailer.js';

const FROM = 'Tend <no-reply@tend.example>';
const TOKEN = 'R3s3tT0k3nXYZ';
const RESET_URL = `https://tend.example/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset`;

function resetMail(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ada@example.com',
    purpose: 'password-reset',
    ...passwordResetEmail({ name: 'Ada', url: RESET_URL, expiresInMinutes: 60 }),
    ...overrides,
  };
}

/** The failure a send ends with, or null when it succeeded. */
async function failureOf(promise: Promise<unknown>): Promise<AuthError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return error;
  }
}

mailerContract('ResendMailer', async () => {
  const fake = await startFakeResend();
  const mailer = new ResendMailer({ apiKey: fake.apiKey, from: FROM, baseUrl: fake.url, logger: new RecordingLogger() });
  return {
    mailer,
    delivered: () => fake.mails.map((mail) => ({ to: mail.to[0] ?? '', subject: mail.subject, html: mail.html ?? '', text: mail.text ?? '' })),
    failNext: () => fake.failNext(500, { statusCode: 500, name: 'internal_server_error', message: 'Boom' }),
    close: () => fake.close(),
  };
});

describe('ResendMailer', () => {
  let fake: FakeResend;
  let logger: RecordingLogger;
  let mailer: ResendMailer;

  beforeEach(async () => {
    fake = await startFakeResend({ apiKey: 're_live_key' });
    logger = new RecordingLogger();
    mailer = new ResendMailer({ apiKey: 're_live_key', from: FROM, baseUrl: fake.url, logger });
  });

  afterEach(() => fake.close());

  it('sends the mail from the configured sender with the bearer key', async () => {
    await mailer.send(resetMail());

    expect(fake.mails).toHaveLength(1);
    expect(fake.mails[0]).toMatchObject({
      from: FROM,
      to: ['ada@example.com'],
      subject: 'Reset your Tend password',
      authorization: 'Bearer re_live_key',
      tags: [{ name: 'purpose', value: 'password-reset' }],
    });
    expect(fake.mails[0]?.text).toContain(RESET_URL);
    expect(fake.mails[0]?.html).toContain('reset-password/R3s3tT0k3nXYZ');
  });

  it('carries the idempotency key as the Idempotency-Key header', async () => {
    await mailer.send(resetMail({ idempotencyKey: 'password-reset/user-1/attempt-1' }));
    await mailer.send(resetMail());

    expect(fake.mails.map((mail) => mail.idempotencyKey)).toEqual(['password-reset/user-1/attempt-1', null]);
  });

  it('logs the purpose and the provider id of a sent mail, never its link or token', async () => {
    await mailer.send(resetMail());

    expect(logger.entries).toEqual([
      { level: 'info', message: 'Mail sent', fields: { purpose: 'password-reset', providerId: fake.mails[0]?.id } },
    ]);
    expect(logger.dump()).not.toContain(TOKEN);
  });

  it.each([
    [422, { statusCode: 422, name: 'validation_error', message: `Invalid \`to\` field near ${RESET_URL}` }],
    [429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' }],
    [500, { statusCode: 500, name: 'internal_server_error', message: 'Something broke' }],
    [502, '<html>Bad gateway</html>'],
  ])('answers 500 with the e-mail client message when the provider answers %i', async (status, body) => {
    fake.failNext(status, body);

    const failure = await failureOf(mailer.send(resetMail()));

    expect(failure).toMatchObject({
      status: 500,
      message: 'Internal server error. We are unable to process your request right now, please try again later.',
    });
    expect(fake.mails).toEqual([]);
  });

  it('logs a refused mail with its purpose and the provider error, without the link or token', async () => {
    fake.failNext(422, { statusCode: 422, name: 'validation_error', message: `Invalid \`to\` field near ${RESET_URL}` });

    await failureOf(mailer.send(resetMail()));

    expect(logger.entries).toEqual([
      {
        level: 'error',
        message: 'Mail not sent: the provider refused it',
        fields: {
          purpose: 'password-reset',
          providerError: 'validation_error',
          providerStatus: 422,
          providerMessage: 'Invalid `to` field near [link]',
        },
      },
    ]);
    expect(logger.dump()).not.toContain(TOKEN);
  });

  it('answers 500 when the API key is refused', async () => {
    const wrongKey = new ResendMailer({ apiKey: 're_wrong', from: FROM, baseUrl: fake.url, logger });

    expect(await failureOf(wrongKey.send(resetMail()))).toMatchObject({ status: 500 });
    expect(fake.requests).toMatchObject([{ status: 401, authorization: 'Bearer re_wrong' }]);
    expect(logger.entries[0]?.fields).toMatchObject({ providerError: 'invalid_api_key', providerStatus: 401 });
  });

  it('answers 500 Unable to fetch data when the provider cannot be reached', async () => {
    await fake.close();

    const failure = await failureOf(mailer.send(resetMail()));

    expect(failure).toMatchObject({ status: 500, message: 'Unable to fetch data. The request could not be resolved.' });
    expect(logger.entries[0]).toMatchObject({ level: 'error', fields: { purpose: 'password-reset' } });
    expect(logger.dump()).not.toContain(TOKEN);
    fake = await startFakeResend(); // afterEach closes it
  });

  it('answers 500 Unable to fetch data when the provider does not answer in time', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = new ResendMailer({ apiKey: 're_live_key', from: FROM, baseUrl: `http://127.0.0.1:${port}`, logger, timeoutMs: 50 });

    try {
      expect(await failureOf(slow.send(resetMail()))).toMatchObject({ status: 500, code: 'UNABLE_TO_FETCH_DATA_THE_REQUEST_COULD_NOT_BE_RESOLVED' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('uses the given base URL, with or without a trailing slash, whatever RESEND_BASE_URL says', async () => {
    const previous = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = 'http://127.0.0.1:9/not-here';
    try {
      const slashed = new ResendMailer({ apiKey: 're_live_key', from: FROM, baseUrl: `${fake.url}/`, logger });
      await slashed.send(resetMail());
    } finally {
      if (previous === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = previous;
    }

    expect(fake.requests).toMatchObject([{ method: 'POST', path: '/emails', status: 200 }]);
  });

  it('answers 500 Missing API key when built without a key, instead of reading the environment', () => {
    const previous = process.env.RESEND_API_KEY;
    process.env.RESEND_API_KEY = 're_from_env';
    try {
      expect(() => new ResendMailer({ apiKey: '', from: FROM, logger })).toThrow(
        expect.objectContaining({ status: 500, code: 'MISSING_API_KEY' }),
      );
    } finally {
      if (previous === undefined) delete process.env.RESEND_API_KEY;
      else process.env.RESEND_API_KEY = previous;
    }
  });
});

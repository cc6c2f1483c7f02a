import { consoleLogger } from '@tend/kernel';
import { createLogger, unredacted } from './logging.js';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
  return { logger, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), text: () => lines.join('') };
}

describe('the pino logger', () => {
  it('writes one JSON line per entry with the level name, the message and the fields', () => {
    const { logger, entries } = capture();
    logger.info('gateway listening', { port: 3000 });
    logger.warn('slow');
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'gateway listening', port: 3000, service: 'tend-gateway', time: expect.any(String) }),
      expect.objectContaining({ level: 'warn', msg: 'slow' }),
    ]);
  });

  it('censors passwords, tokens, cookies, authorization and API key headers wherever a caller puts them', () => {
    const { logger, text, entries } = capture();
    logger.error('oops', {
      password: 'hunter2-password',
      token: 'session-token-value',
      body: { password: 'nested-password', newPassword: 'nested-new-password' },
      session: { token: 'nested-token-value' },
      req: { headers: { cookie: 'tend.session_token=cookie-value', authorization: 'Bearer bearer-value', 'x-api-key': 'api-key-value', apikey: 'apikey-value' } },
      headers: { cookie: 'plain-cookie-value' },
    });
    for (const secret of ['hunter2-password', 'session-token-value', 'nested-password', 'nested-new-password', 'nested-token-value', 'cookie-value', 'bearer-value', 'api-key-value', 'apikey-value']) {
      expect(text()).not.toContain(secret);
    }
    expect(entries()[0]).toMatchObject({ password: '[redacted]', body: { password: '[redacted]' }, req: { headers: { cookie: '[redacted]', authorization: '[redacted]' } } });
  });

  it('has an unredacted twin for the request log (same output, level and fields, no censoring) while the logger itself still censors', () => {
    const { logger, entries } = capture();
    const plain = unredacted(logger);
    plain.info('request', { requestId: 'r1', path: '/api/auth/get-session', token: 'kept-as-is' });
    logger.info('other', { token: 'censored' });
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', requestId: 'r1', service: 'tend-gateway', token: 'kept-as-is' }),
      expect.objectContaining({ msg: 'other', token: '[redacted]' }),
    ]);
    expect(unredacted(consoleLogger)).toBe(consoleLogger);
  });

  it('leaves out entries below its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(line) } });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['shown']);
  });
});

import request from 'supertest';
import type { Express } from 'express';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import { createGateway, defaultConfig, type GatewayConfig } from '../src/index.js';
import type { Container } from 'inversify';

export const SECRET = 'test-secret-that-is-at-least-32-characters';
export const ORIGIN = 'http://localhost:3000';

export interface TestGateway {
  app: Express;
  container: Container;
  clock: ManualClock;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** A gateway on a fresh database of this run's kind (TEST_DATABASE), with a clock tests can move. */
export async function startGateway(overrides: Partial<GatewayConfig> = {}, logger: Logger = silentLogger): Promise<TestGateway> {
  const database = await createTestDatabase(selectedTestDatabase());
  const clock = new ManualClock(new Date());
  const config = defaultConfig({ secret: SECRET, baseURL: ORIGIN, checkReplies: 'throw', ...overrides });
  const gateway = createGateway({ config, database, clock, logger });
  return {
    app: gateway.app,
    container: gateway.container,
    clock,
    http: request(gateway.app),
    close: async () => {
      await gateway.close();
      await database.close();
    },
  };
}

export const credentials = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
  password: 'correct horse battery',
  ...overrides,
});

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
}

/** Signs up a user and answers its session cookie and token. */
export async function signUp(gateway: TestGateway, overrides: Record<string, unknown> = {}) {
  const body = credentials(overrides);
  const res = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
  return { body, cookie: cookiesOf(res), token: res.body.token as string, user: res.body.user };
}

// The one way a test starts a gateway: the real app on a fresh database of this run's kind
// (TEST_DATABASE), a clock the test moves, supertest in front.
import request from 'supertest';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { DatabaseHandle } from '@tend/database';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import { createGateway, type GatewayConfig, type GatewayModule } from '../../src/index.js';
import { testConfig } from './config.js';
import { withFakeMail, type MailTestGateway } from './mail.js';

export interface TestGateway {
  app: Express;
  container: Container;
  clock: ManualClock;
  /** The gateway's database (closed with it unless the test passed its own). */
  database: DatabaseHandle;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** The module list (default the gateway's `MODULES`). */
  modules?: readonly GatewayModule[];
  /** A database the test opened and closes itself (to break it, or to share it between instances). */
  database?: DatabaseHandle;
  /** A clock shared with other instances (default a new one at the current time). */
  clock?: ManualClock;
  /**
   * Mail through the real Resend SDK to a fake Resend on 127.0.0.1: the gateway then answers the
   * mails it sent (`mailsTo`, `linkTo`) and records its log. Without it mail goes to the dev outbox
   * (or to whatever `mail` the overrides choose).
   */
  mail?: boolean;
}

/** A gateway (see `StartOptions`); `overrides` go over the test config (`testConfig`). */
export function startGateway(overrides: Partial<GatewayConfig>, options: StartOptions & { mail: true }): Promise<MailTestGateway>;
export function startGateway(overrides?: Partial<GatewayConfig>, options?: StartOptions): Promise<TestGateway>;
export async function startGateway(overrides: Partial<GatewayConfig> = {}, options: StartOptions = {}): Promise<TestGateway> {
  if (options.mail) return withFakeMail((mailConfig, logger) => launch({ ...mailConfig, ...overrides }, { ...options, logger }));
  return launch(overrides, options);
}

async function launch(overrides: Partial<GatewayConfig>, options: StartOptions): Promise<TestGateway> {
  const database = options.database ?? (await createTestDatabase(selectedTestDatabase()));
  const clock = options.clock ?? new ManualClock(new Date());
  const gateway = createGateway({ config: testConfig(overrides), database, clock, logger: options.logger ?? silentLogger, modules: options.modules });
  return {
    app: gateway.app,
    container: gateway.container,
    clock,
    database,
    http: request(gateway.app),
    close: async () => {
      await gateway.close();
      if (!options.database) await database.close();
    },
  };
}

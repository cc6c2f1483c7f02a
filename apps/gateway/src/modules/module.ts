import type { Container } from 'inversify';
import type { Clock, Logger } from '@tend/kernel';
import type { GatewayConfig } from '../config.js';
import type { AnyEndpoint } from '../http/endpoint.js';
import type { AuditSink, Authorizer } from '../http/mount.js';
import type { RequestAuthenticator } from '../http/session.js';

/** What a module's bindings are made from. */
export interface BindContext {
  config: GatewayConfig;
  clock: Clock;
  logger: Logger;
}

/**
 * A feature at the HTTP edge: the container bindings of its use cases and adapters, and its
 * routes as endpoint specs. `app.ts` mounts a list of modules; nothing else changes to add one.
 */
export interface GatewayModule {
  name: string;
  bind(c: Container, context: BindContext): void;
  endpoints: readonly AnyEndpoint[];
  /** Permission checks this module answers for (site admin roles, organization roles). */
  authorizers?: (c: Container) => Partial<Record<'admin' | 'organization', Authorizer>>;
  /** Credentials this module accepts besides sessions (API keys). */
  authenticators?: (c: Container) => RequestAuthenticator[];
  /** The sink of every endpoint's audit events (one module provides it: admin's audit log). */
  auditSink?: (c: Container) => AuditSink;
  /** OpenAPI security schemes this module adds. */
  securitySchemes?: Record<string, Record<string, unknown>>;
}

import type { Container } from 'inversify';
import type { Clock, Logger } from '@tend/kernel';
import type { GatewayConfig } from '../config.js';
import type { AnyEndpoint } from '../http/endpoint.js';
import type { Authorizer } from '../http/mount.js';

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
}

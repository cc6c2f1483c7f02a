import { accountModule } from './account/module.js';
import { identityModule } from './identity/module.js';
import { metaModule } from './meta/module.js';
import type { GatewayModule } from './module.js';
import { sessionsModule } from './sessions/module.js';

/** Every feature of the gateway, in mount order. A new feature is one core package plus one entry here. */
export const MODULES: readonly GatewayModule[] = [identityModule, sessionsModule, accountModule, metaModule];

export type { GatewayModule, BindContext } from './module.js';

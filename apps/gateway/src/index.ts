export { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
export { createApp } from './app.js';
export { createContainer } from './container.js';
export { defaultConfig, type GatewayConfig } from './config.js';
export { parseEnv, configFromEnv, EnvError, type Env } from './env.js';
export { bootstrapAdmin } from './bootstrap-admin.js';
export { TOKENS } from './tokens.js';

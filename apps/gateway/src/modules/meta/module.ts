import type { GatewayModule } from '../module.js';
import { errorPage, ok, openApiSchema } from './endpoints.js';

/** Liveness, the error page and the OpenAPI document (bound by app.ts, which knows every endpoint). */
export const metaModule: GatewayModule = {
  name: 'meta',
  bind() {},
  endpoints: [ok, errorPage, openApiSchema],
};

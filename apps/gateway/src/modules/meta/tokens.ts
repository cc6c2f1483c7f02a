import { token } from '../../di.js';

export const META = {
  /** The OpenAPI document of every mounted endpoint, built on first use. */
  OpenApiDocument: token<() => Record<string, unknown>>('OpenApiDocument'),
} as const;

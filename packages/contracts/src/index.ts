export * from './primitives.js';
export * from './errors.js';
export * from './auth.js';
export type * from './types.js';
export * from './api-keys.js';
export * from './organizations.js';
export * from './admin.js';
export * from './providers.js';

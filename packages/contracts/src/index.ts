export * from './primitives.js';
export * from './errors.js';
export * from './auth.js';

import type { ApiKeyPermissions } from './api-key.js';

/**
 * Whether a key's permissions cover every requested action of every requested resource
 * (`{ files: ['read'] }` is covered by `{ files: ['read', 'write'] }`). A key without
 * permissions covers nothing.
 */
export function coversPermissions(granted: ApiKeyPermissions | null, requested: ApiKeyPermissions): boolean {
  if (!granted) return false;
  return Object.entries(requested).every(([resource, actions]) => {
    const allowed = Object.hasOwn(granted, resource) ? granted[resource] : undefined;
    return allowed !== undefined && actions.every((action) => allowed.includes(action));
  });
}

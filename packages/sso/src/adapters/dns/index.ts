// TXT look-ups for SSO domain verification on Node's resolver (c-ares), through the configured
// name servers with a bounded wait.
import { Resolver } from 'node:dns/promises';
import type { DnsTxtLookup } from '../../ports.js';

/** Codes of a name that answers, only not with TXT records of its own. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

export interface NodeDnsTxtLookupOptions {
  /** Name servers as `ip` or `ip:port` (`[ipv6]:port`); null: the system's. */
  servers: readonly string[] | null;
  /** How long one look-up may take in all, retries included. */
  timeoutMs: number;
}

/** `DnsTxtLookup` on `dns.promises.Resolver`, a resolver per look-up (`setServers` is not shared state). */
export class NodeDnsTxtLookup implements DnsTxtLookup {
  constructor(private readonly options: NodeDnsTxtLookupOptions) {}

  async txt(name: string): Promise<string[]> {
    const tries = 2;
    const resolver = new Resolver({ timeout: Math.max(1, Math.floor(this.options.timeoutMs / tries)), tries });
    if (this.options.servers) resolver.setServers([...this.options.servers]);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(Object.assign(new Error(`TXT look-up of ${name} timed out`), { code: 'ETIMEOUT' }));
      }, this.options.timeoutMs);
    });
    try {
      const records = await Promise.race([resolver.resolveTxt(name), deadline]);
      // A record may come in several character-strings: together they are its value.
      return records.map((chunks) => chunks.join(''));
    } catch (error) {
      if (NO_RECORDS.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from '../../destinations.js';
import type { DestinationCheck, SendResult, WebhookSender } from '../../ports.js';

export interface NetworkPolicy {
  /** AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS=on: private, loopback and link-local destinations allowed. */
  allowPrivateNetworks: boolean;
}

const REFUSED = 'resolves to a private, loopback or link-local address';

/** Refuses a URL whose host is, or resolves to, an internal address (every address it resolves to is checked). */
export class DnsDestinationCheck implements DestinationCheck {
  constructor(private readonly policy: NetworkPolicy) {}

  async check(url: string): Promise<string | null> {
    if (this.policy.allowPrivateNetworks) return null;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return isInternalAddress(host) ? REFUSED : null;
    try {
      const addresses = await lookupAll(host, { all: true, verbatim: true });
      return addresses.length === 0 || addresses.some(({ address }) => isInternalAddress(address)) ? REFUSED : null;
    } catch {
      return 'does not resolve';
    }
  }
}

/**
 * The connection's own lookup, refusing internal addresses: the address checked is the one
 * connected to, so a name that resolves elsewhere at delivery than at creation (DNS rebinding)
 * is refused too.
 */
function guardedLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = policy.allowPrivateNetworks ? addresses : addresses.filter(({ address }) => !isInternalAddress(address));
      if (allowed.length === 0) return callback(Object.assign(new Error(`${hostname} ${REFUSED}`), { code: 'EREFUSED_INTERNAL' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** POSTs deliveries with node's http client: the answer's status only (the body is discarded), within the timeout. */
export class NodeWebhookSender implements WebhookSender {
  private readonly lookup: LookupFunction;

  constructor(private readonly policy: NetworkPolicy) {
    this.lookup = guardedLookup(policy);
  }

  send({ url, headers, body, timeoutMs, signal }: Parameters<WebhookSender['send']>[0]): Promise<SendResult> {
    return new Promise<SendResult>((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ ok: false, status: null, error: 'invalid URL' });
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !this.policy.allowPrivateNetworks && isInternalAddress(host)) return resolve({ ok: false, status: null, error: `${host} ${REFUSED}` });
      const client = target.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const request = client.request(
        target,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Tend-Webhooks/1' }, lookup: this.lookup, agent: false },
        (response) => {
          const status = response.statusCode ?? 0;
          response.resume();
          response.on('error', () => undefined);
          request.destroy();
          finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `answered ${status}` });
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        finish({ ok: false, status: null, error: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      const onAbort = () => {
        request.destroy();
        finish({ ok: false, status: null, error: 'aborted' });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
      request.end(body);
    });
  }
}

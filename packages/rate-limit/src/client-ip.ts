import { BlockList, isIP } from 'node:net';

/** Decides whether an address (already normalised) belongs to a trusted reverse proxy. */
export type ProxyTrust = (address: string) => boolean;

/** Trusted proxies: IPs, CIDRs or the names `loopback`, `linklocal`, `uniquelocal`; or a compiled matcher. */
export type TrustedProxies = readonly string[] | ProxyTrust;

export interface ClientIpInput {
  /** The peer of the TCP connection (`req.socket.remoteAddress`). */
  readonly socketAddress: string | null | undefined;
  /** The `X-Forwarded-For` header (a list when it came several times). */
  readonly forwardedFor?: string | readonly string[] | null | undefined;
  /** Who may speak for the client through `X-Forwarded-For`; nobody when left out. */
  readonly trustedProxies?: TrustedProxies | undefined;
}

const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * The canonical text of an address, or null when `raw` is not one. Accepts `[v6]:port` and
 * `v4:port` (some proxies write ports), drops an IPv6 zone, writes IPv6 in its shortest lower-case
 * form and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4, so one client is one bucket.
 */
export function normalizeIp(raw: string | null | undefined): string | null {
  let text = (raw ?? '').trim();
  if (text === '' || text.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else {
    const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
    if (withPort) text = withPort[1]!;
  }
  const family = isIP(text.split('%')[0]!);
  if (family === 4) return text;
  if (family !== 6) return null;
  // The URL parser serialises IPv6 canonically (RFC 5952 style, hex groups only).
  const canonical = new URL(`http://[${text.split('%')[0]}]/`).hostname.slice(1, -1);
  const mapped = MAPPED_IPV4.exec(canonical);
  if (!mapped) return canonical;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Compiles a trusted-proxy list once; throws on an entry that is not an address, a CIDR or a known name. */
export function compileTrustedProxies(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  let empty = true;
  const add = (entry: string): void => {
    const named = NAMED_RANGES[entry.trim().toLowerCase()];
    if (named) return named.forEach(add);
    const [address, prefixText, extra] = entry.trim().split('/');
    const normalised = normalizeIp(address);
    const family = normalised ? isIP(normalised) : 0;
    const wasMapped = family === 4 && isIP(address!.trim()) === 6;
    const bits = family === 4 ? 32 : 128;
    let prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (wasMapped && prefixText !== undefined) prefix -= 96;
    if (!normalised || extra !== undefined || !(prefix >= 0 && prefix <= bits)) {
      throw new TypeError(`Invalid trusted proxy: ${JSON.stringify(entry)}`);
    }
    list.addSubnet(normalised, prefix, family === 4 ? 'ipv4' : 'ipv6');
    empty = false;
  };
  entries.forEach(add);
  if (empty) return () => false;
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

const compiled = new WeakMap<readonly string[], ProxyTrust>();

function trustOf(trusted: TrustedProxies | undefined): ProxyTrust {
  if (trusted === undefined) return () => false;
  if (typeof trusted === 'function') return trusted;
  const list = trusted as readonly string[];
  let trust = compiled.get(list);
  if (!trust) {
    trust = compileTrustedProxies(list);
    compiled.set(list, trust);
  }
  return trust;
}

/**
 * The client's address: the socket peer, unless that peer is a trusted proxy. Then
 * `X-Forwarded-For` is walked from the right (each proxy appends its own peer), trusted hops are
 * skipped and the first untrusted address is the client. Entries that are not addresses are
 * skipped; with no usable entry the socket peer is the answer, so bad headers never pool every
 * client into one bucket. `X-Forwarded-For` from an untrusted peer is ignored (anyone can send it).
 * Null only when the socket has no address (a closed socket, a Unix socket).
 */
export function resolveClientIp(input: ClientIpInput): string | null {
  const socket = normalizeIp(input.socketAddress);
  if (socket === null) return null;
  const trusted = trustOf(input.trustedProxies);
  if (!trusted(socket)) return socket;
  const header = input.forwardedFor;
  const hops = (typeof header === 'string' ? header : (header ?? []).join(',')).split(',');
  let furthestTrusted: string | null = null;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = normalizeIp(hops[i]);
    if (hop === null) continue;
    if (!trusted(hop)) return hop;
    furthestTrusted = hop;
  }
  // Every hop is one of ours: the request started inside, at the furthest of them.
  return furthestTrusted ?? socket;
}

/**
 * The address a counter is keyed by. IPv6 clients usually hold a whole /64, so an IPv6 address
 * counts as its `/ipv6PrefixLength` network (128 keeps single addresses); IPv4 stays as it is.
 */
export function rateLimitAddress(address: string, ipv6PrefixLength = 64): string {
  if (isIP(address) !== 6 || ipv6PrefixLength >= 128) return address;
  const prefix = Math.max(0, Math.floor(ipv6PrefixLength));
  const groups = expandIpv6(address).map((group, index) => {
    const bits = Math.min(16, Math.max(0, prefix - 16 * index));
    return group & ((0xffff << (16 - bits)) & 0xffff);
  });
  const masked = new URL(`http://[${groups.map((g) => g.toString(16)).join(':')}]/`).hostname.slice(1, -1);
  return `${masked}/${prefix}`;
}

function expandIpv6(address: string): number[] {
  const canonical = new URL(`http://[${address.split('%')[0]}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

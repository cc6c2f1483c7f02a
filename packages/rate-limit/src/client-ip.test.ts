import { compileTrustedProxies, normalizeIp, rateLimitAddress, resolveClientIp } from './client-ip.js';

const PROXIES = ['10.0.0.0/8', '2001:db8:ffff::/48'];

describe('resolveClientIp', () => {
  it('takes the socket address and ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientIp({ socketAddress: '203.0.113.5', forwardedFor: '198.51.100.1' })).toBe('203.0.113.5');
    expect(resolveClientIp({ socketAddress: '203.0.113.5', forwardedFor: '198.51.100.1', trustedProxies: PROXIES })).toBe(
      '203.0.113.5',
    );
  });

  it('takes the client a trusted proxy names', () => {
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '198.51.100.1', trustedProxies: PROXIES })).toBe(
      '198.51.100.1',
    );
  });

  it('walks several trusted hops from the right to the first untrusted address', () => {
    const forwardedFor = '198.51.100.1, 10.1.2.3, 10.0.0.9';
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor, trustedProxies: PROXIES })).toBe('198.51.100.1');
    // Repeated headers arrive as a list.
    expect(
      resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: ['198.51.100.1', '10.1.2.3, 10.0.0.9'], trustedProxies: PROXIES }),
    ).toBe('198.51.100.1');
  });

  it('does not believe addresses a client wrote before the ones our proxies appended', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4, 10.0.0.1"; our proxy appended the real peer.
    const forwardedFor = '1.2.3.4, 10.0.0.1, 198.51.100.66';
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor, trustedProxies: PROXIES })).toBe('198.51.100.66');
  });

  it('skips entries that are not addresses, and falls back to the socket when none is left', () => {
    const proxies = { socketAddress: '10.0.0.2', trustedProxies: PROXIES };
    expect(resolveClientIp({ ...proxies, forwardedFor: '198.51.100.1, unknown, , 10.0.0.7' })).toBe('198.51.100.1');
    expect(resolveClientIp({ ...proxies, forwardedFor: 'garbage, <script>, 999.1.1.1, ' })).toBe('10.0.0.2');
    expect(resolveClientIp({ ...proxies, forwardedFor: '' })).toBe('10.0.0.2');
    expect(resolveClientIp({ ...proxies, forwardedFor: undefined })).toBe('10.0.0.2');
    expect(resolveClientIp({ ...proxies, forwardedFor: 'x'.repeat(5000) })).toBe('10.0.0.2');
  });

  it('answers the furthest hop when every hop is a trusted proxy', () => {
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '10.9.9.9, 10.0.0.3', trustedProxies: PROXIES })).toBe(
      '10.9.9.9',
    );
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address, for the socket, the proxy list and the header', () => {
    expect(resolveClientIp({ socketAddress: '::ffff:203.0.113.5' })).toBe('203.0.113.5');
    expect(
      resolveClientIp({ socketAddress: '::ffff:10.0.0.2', forwardedFor: '::ffff:198.51.100.1', trustedProxies: PROXIES }),
    ).toBe('198.51.100.1');
    expect(resolveClientIp({ socketAddress: '::FFFF:a00:2', forwardedFor: '198.51.100.1', trustedProxies: PROXIES })).toBe(
      '198.51.100.1',
    );
  });

  it('handles IPv6 proxies and clients, with ports and brackets as some proxies write them', () => {
    expect(
      resolveClientIp({ socketAddress: '2001:db8:ffff::1', forwardedFor: '[2001:DB8:0:0::7]:51234', trustedProxies: PROXIES }),
    ).toBe('2001:db8::7');
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '198.51.100.1:4431', trustedProxies: PROXIES })).toBe(
      '198.51.100.1',
    );
  });

  it('answers null only when the socket has no address', () => {
    expect(resolveClientIp({ socketAddress: undefined, forwardedFor: '198.51.100.1', trustedProxies: PROXIES })).toBeNull();
  });

  it('accepts a compiled list and the names loopback, linklocal and uniquelocal', () => {
    const trust = compileTrustedProxies(['loopback', 'uniquelocal']);
    expect(resolveClientIp({ socketAddress: '127.0.0.1', forwardedFor: '198.51.100.1', trustedProxies: trust })).toBe('198.51.100.1');
    expect(resolveClientIp({ socketAddress: '::1', forwardedFor: '198.51.100.1', trustedProxies: trust })).toBe('198.51.100.1');
    expect(resolveClientIp({ socketAddress: '192.168.1.1', forwardedFor: '198.51.100.1', trustedProxies: trust })).toBe('198.51.100.1');
    expect(resolveClientIp({ socketAddress: '172.32.0.1', forwardedFor: '198.51.100.1', trustedProxies: trust })).toBe('172.32.0.1');
    expect(compileTrustedProxies(['linklocal'])('169.254.3.4')).toBe(true);
  });
});

describe('compileTrustedProxies', () => {
  it('matches single addresses and CIDRs exactly', () => {
    const trust = compileTrustedProxies(['192.0.2.10', '198.51.100.0/30', '::ffff:203.0.113.0/120']);
    expect(['192.0.2.10', '198.51.100.3', '203.0.113.200'].map(trust)).toEqual([true, true, true]);
    expect(['192.0.2.11', '198.51.100.4', '203.0.114.1', 'not-an-ip'].map(trust)).toEqual([false, false, false, false]);
  });

  it.each(['10.0.0.0/33', 'nonsense', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x', ''])('refuses %j', (entry) => {
    expect(() => compileTrustedProxies([entry])).toThrow(TypeError);
  });
});

describe('normalizeIp', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    [' 203.0.113.5 ', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:DB8:0000:0000::0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['[::1]:8080', '::1'],
    ['unknown', null],
    ['1.2.3', null],
    ['01.2.3.4', null],
    ['', null],
  ])('reads %j as %j', (raw, expected) => {
    expect(normalizeIp(raw)).toBe(expected);
  });
});

describe('rateLimitAddress', () => {
  it('groups IPv6 by network and leaves IPv4 alone', () => {
    expect(rateLimitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1::/48');
    expect(rateLimitAddress('2001:db8:1:2a3b:3:4:5:6', 56)).toBe('2001:db8:1:2a00::/56');
    expect(rateLimitAddress('2001:db8:1:2a3b:3:4:5:6', 60)).toBe('2001:db8:1:2a30::/60');
    expect(rateLimitAddress('2001:db8::1', 128)).toBe('2001:db8::1');
    expect(rateLimitAddress('203.0.113.5')).toBe('203.0.113.5');
  });
});

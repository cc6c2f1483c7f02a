// AUTH_DNS_SERVERS: the name servers SSO domain verification asks (issue 29).
import { silentLogger } from '@tend/kernel';
import { configFromEnv, parseEnv } from '../src/env.js';

const ssoOf = (source: Record<string, string>) => configFromEnv(parseEnv({ AUTH_SECRET: 'x'.repeat(32), ...source }), silentLogger).features.sso;

describe('SSO settings', () => {
  it("default to the system's name servers", () => {
    expect(ssoOf({})).toEqual({ dnsServers: null });
    expect(ssoOf({ AUTH_DNS_SERVERS: ' ' })).toEqual({ dnsServers: null });
  });

  it('take AUTH_DNS_SERVERS as comma-separated host:port (IPv4, [IPv6]:port, bare addresses)', () => {
    expect(ssoOf({ AUTH_DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1 ,[::1]:53,2001:db8::1' })).toEqual({ dnsServers: ['127.0.0.1:5353', '1.1.1.1', '[::1]:53', '2001:db8::1'] });
  });

  it.each(['dns.example.com:53', '127.0.0.1:0', '127.0.0.1:70000', '300.1.1.1', '[::1', '127.0.0.1:53:53'])('refuse %j, naming the variable', (value) => {
    expect(() => ssoOf({ AUTH_DNS_SERVERS: value })).toThrow(/AUTH_DNS_SERVERS/);
  });
});

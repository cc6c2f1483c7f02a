import { isInternalAddress } from './destinations.js';

describe('isInternalAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip'])('refuses %s', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])('allows %s', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

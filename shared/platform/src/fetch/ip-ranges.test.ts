import { describe, expect, it } from 'vitest';

import { isPublicAddress, unwrapMappedIPv4 } from './ip-ranges.ts';

describe('public addresses', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a00:1]',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:a00:1::',
    '3fff::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    'not-an-ip',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '::ffff:8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('unwraps IPv4-mapped IPv6 in every spelling, and leaves other addresses alone', () => {
    expect(unwrapMappedIPv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(unwrapMappedIPv4('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(unwrapMappedIPv4('0:0:0:0:0:FFFF:0A00:0001')).toBe('10.0.0.1');
    expect(unwrapMappedIPv4('2001:DB8::1')).toBe('2001:db8::1');
    expect(unwrapMappedIPv4('8.8.8.8')).toBe('8.8.8.8');
  });
});

import { describe, expect, it } from 'vitest';
import { limitKey } from './client-address';

// Issue 29 item 6 (DESIGN §12 "Limits"): one key per client for every per-address limit.
describe('limitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    // The same address written in hexadecimal.
    expect(limitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, whatever their spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:a:b:1.2.3.4',
      '2001:db8:1:2::5%eth0',
    ]) {
      expect(limitKey(address), address).toBe(key);
    }
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1')).toBe('fe80:0:0:0::/64');
    // Not mapped: only ::ffff:0:0/96 is IPv4.
    expect(limitKey('::1.2.3.4')).toBe('0:0:0:0::/64');
    expect(limitKey('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(limitKey('unknown')).toBe('unknown');
    expect(limitKey('')).toBe('');
  });
});

/**
 * An audit event's sourceIPs, by the real rule: X-Forwarded-For's addresses, then X-Real-Ip unless
 * already listed, then the connection's address unless it is the last one listed; what is not an
 * address is skipped, and each is written as Go writes it.
 */
import { describe, expect, it } from 'vitest';
import { sourceIPs } from '../../../core/audit/source-ips.ts';

describe('sourceIPs', () => {
  it.each<{ what: string; xff?: string; realIp?: string; remote?: string; want: string[] }>([
    { what: 'nothing known', want: [] },
    { what: 'the connection only', remote: '127.0.0.1', want: ['127.0.0.1'] },
    { what: 'an IPv4-mapped connection address, written as IPv4', remote: '::ffff:127.0.0.1', want: ['127.0.0.1'] },
    { what: 'an IPv6 connection address', remote: '::1', want: ['::1'] },
    { what: 'a connection address with its port', remote: '[2001:db8::7]:443', want: ['2001:db8::7'] },
    { what: 'proxies, then the connection', xff: '1.2.3.4, 5.6.7.8', remote: '10.0.0.1', want: ['1.2.3.4', '5.6.7.8', '10.0.0.1'] },
    { what: 'no repeat of the last proxy as the connection', xff: '1.2.3.4, 10.0.0.1', remote: '10.0.0.1', want: ['1.2.3.4', '10.0.0.1'] },
    {
      what: 'X-Real-Ip after the proxies',
      xff: '1.2.3.4',
      realIp: '9.9.9.9',
      remote: '10.0.0.1',
      want: ['1.2.3.4', '9.9.9.9', '10.0.0.1'],
    },
    { what: 'no X-Real-Ip already in the chain', xff: '1.2.3.4, 5.6.7.8', realIp: '1.2.3.4', want: ['1.2.3.4', '5.6.7.8'] },
    { what: 'what is no address skipped', xff: 'unknown, 1.2.3.4, 300.1.1.1, fe80::1%eth0, ', realIp: 'x', want: ['1.2.3.4'] },
    { what: 'IPv4 with leading zeros read as decimal', xff: '010.001.002.003', want: ['10.1.2.3'] },
    { what: 'IPv6 in its shortest form', xff: '2001:0DB8:0000:0000:0000:0000:0000:0001', want: ['2001:db8::1'] },
    { what: 'a single zero group kept', xff: '2001:db8:0:1:1:1:1:1', want: ['2001:db8:0:1:1:1:1:1'] },
    { what: 'the first of equal zero runs shortened', xff: '2001:0:0:1:0:0:1:1', want: ['2001::1:0:0:1:1'] },
    { what: 'an IPv4 tail in IPv6', xff: '64:ff9b::192.0.2.33', want: ['64:ff9b::c000:221'] },
    { what: 'an IPv4-mapped and a plain IPv4 address as one', xff: '::ffff:10.0.0.1', remote: '10.0.0.1', want: ['10.0.0.1'] },
  ])('$what', ({ xff, realIp, remote, want }) => {
    const headers = new Headers({ ...(xff !== undefined ? { 'x-forwarded-for': xff } : {}), ...(realIp ? { 'x-real-ip': realIp } : {}) });
    expect(sourceIPs(headers, remote)).toEqual(want);
  });
});

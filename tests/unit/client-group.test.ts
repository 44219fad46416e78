import { describe, expect, it } from 'vitest';
import { clientGroup } from '../../src/server/throttle/client-group.ts';

/** The client a follow-up throttle counts: an IPv4 address, or an IPv6 /64. */

describe('clientGroup', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:aa:bb:1234:5678:9abc:def0', '2001:db8:aa:bb::/64'],
    ['an IPv6 address compressed, in capitals', '2001:DB8:AA:BB::1', '2001:db8:aa:bb::/64'],
    ['an IPv6 address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['an IPv6 address whose /64 is compressed', '2001:db8::1', '2001:db8:0:0::/64'],
    ['an IPv6 address with a dotted tail', '2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['an IPv4-mapped IPv6 address, as a dual-stack socket reports IPv4', '::ffff:192.0.2.80', '192.0.2.80'],
    ['an IPv4-mapped IPv6 address in hex', '::ffff:c000:250', '192.0.2.80'],
    ['no address', '', ''],
  ])('%s', (_, address, group) => {
    expect(clientGroup(address)).toBe(group);
  });

  it('gives every address of one /64 the same group, and the next /64 another', () => {
    const groups = new Set(
      ['2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:ffff', '2001:db8:5:6:0:0:0:0'].map(clientGroup),
    );
    expect([...groups]).toEqual(['2001:db8:5:6::/64']);
    expect(clientGroup('2001:db8:5:7::1')).not.toBe(clientGroup('2001:db8:5:6::1'));
  });
});

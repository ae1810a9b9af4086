/**
 * `addressGroup`: the key of limits per client address. One IPv6 host may use any address of its
 * /64, so IPv6 addresses count by their /64, however they are written; IPv4 addresses (and the
 * IPv4-mapped IPv6 form a dual-stack socket reports) count one by one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressGroup, addressNetwork } from '../../server/net/client-ip';

describe('addressGroup', () => {
  it('keeps an IPv4 address exact, and an IPv4-mapped IPv6 one as the IPv4 it carries', () => {
    assert.equal(addressGroup('192.0.2.1'), '192.0.2.1');
    assert.equal(addressGroup('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(addressGroup('::FFFF:c000:0201'), '192.0.2.1');
    assert.notEqual(addressGroup('192.0.2.1'), addressGroup('192.0.2.2'), 'neighbours are apart');
  });

  it('groups IPv6 addresses by their /64', () => {
    assert.equal(addressGroup('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.notEqual(addressGroup('2001:db8:1:2::1'), addressGroup('2001:db8:1:3::1'), 'the next /64 is apart');
  });

  it('expands compressed forms, leading zeros and case to one key', () => {
    const group = '2001:db8:0:0::/64';
    for (const text of [
      '2001:db8::1',
      '2001:db8::',
      '2001:0DB8:0000:0000:0000:0000:0000:0001',
      '2001:db8:0:0:1::5',
      '2001:db8::ffff:1:2',
      '[2001:db8::7]',
      '2001:db8::1%eth0',
    ]) {
      assert.equal(addressGroup(text), group, text);
    }
    // `::` standing for groups inside the /64 itself.
    assert.equal(addressGroup('2001::1:0:0:1'), '2001:0:0:0::/64');
    assert.equal(addressGroup('2001:0:0:1::'), '2001:0:0:1::/64');
    assert.equal(addressGroup('::1'), '0:0:0:0::/64');
    assert.equal(addressGroup('fe80::a:b:c:d'), 'fe80:0:0:0::/64');
  });

  it('leaves what is no address as it is, and an unknown one unknown', () => {
    assert.equal(addressGroup('not-an-address'), 'not-an-address');
    assert.equal(addressGroup(undefined), undefined);
  });
});

describe('addressNetwork', () => {
  it('groups IPv6 addresses by their /48 and keeps IPv4 addresses exact', () => {
    assert.equal(addressNetwork('2001:db8:5:77::1'), '2001:db8:5::/48');
    assert.equal(addressNetwork('2001:db8:5:ffff:1::'), '2001:db8:5::/48', 'any /64 of the site');
    assert.notEqual(addressNetwork('2001:db8:5::1'), addressNetwork('2001:db8:6::1'), 'the next /48 is apart');
    assert.equal(addressNetwork('::ffff:192.0.2.1'), '192.0.2.1');
    assert.notEqual(addressNetwork('192.0.2.1'), addressNetwork('192.0.2.2'));
    assert.equal(addressNetwork(undefined), undefined);
  });
});

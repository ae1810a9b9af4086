import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cidrContains, ipAllowed, parseCidr, parseIp } from '../../server/net/ip';

const bytes = (text: string) => [...(parseIp(text)?.bytes ?? [])];

describe('reading addresses', () => {
  it('reads dotted IPv4 and refuses what is not one', () => {
    assert.deepEqual(parseIp('192.0.2.1'), { version: 4, bytes: Uint8Array.from([192, 0, 2, 1]) });
    for (const bad of ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', '', 'a.b.c.d', '1..2.3']) {
      assert.equal(parseIp(bad), null, bad);
    }
  });

  it('reads IPv6 in full, compressed and with an IPv4 tail', () => {
    assert.deepEqual(bytes('2001:db8:0:0:0:0:0:1'), bytes('2001:db8::1'));
    assert.deepEqual(
      bytes('::'),
      Array.from({ length: 16 }, () => 0),
    );
    assert.deepEqual(bytes('::1'), [...Array.from({ length: 15 }, () => 0), 1]);
    assert.deepEqual(bytes('64:ff9b::192.0.2.33').slice(12), [192, 0, 2, 33]);
    assert.equal(parseIp('FE80::1%eth0')?.version, 6, 'upper case and a zone');
    assert.equal(parseIp('[2001:db8::1]')?.version, 6, 'brackets as in a URL');
  });

  it('refuses malformed IPv6', () => {
    for (const bad of [
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7::8',
      ':1::',
      'g::1',
    ]) {
      assert.equal(parseIp(bad), null, bad);
    }
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    assert.deepEqual(parseIp('::ffff:127.0.0.1'), { version: 4, bytes: Uint8Array.from([127, 0, 0, 1]) });
    assert.deepEqual(parseIp('::ffff:7f00:1'), parseIp('127.0.0.1'));
  });
});

describe('reading ranges', () => {
  it('reads a prefix, or a bare address as a range of one', () => {
    assert.equal(parseCidr('10.0.0.0/8')?.prefix, 8);
    assert.equal(parseCidr('10.1.2.3')?.prefix, 32);
    assert.equal(parseCidr('2001:db8::/32')?.prefix, 32);
    assert.equal(parseCidr('::1')?.prefix, 128);
  });

  it('refuses prefixes out of range or malformed', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/-1', '10.0.0.0/08', '::/129', 'x/8', '::ffff:0:0/64']) {
      assert.equal(parseCidr(bad), null, bad);
    }
  });

  it('turns an IPv4-mapped IPv6 range into the IPv4 range', () => {
    const range = parseCidr('::ffff:10.0.0.0/104');
    assert.equal(range?.version, 4);
    assert.equal(range?.prefix, 8);
  });
});

describe('matching', () => {
  const inRange = (range: string, ip: string) => cidrContains(parseCidr(range)!, parseIp(ip)!);

  it('matches IPv4 on whole and partial bytes', () => {
    assert.ok(inRange('10.0.0.0/8', '10.255.1.2'));
    assert.ok(!inRange('10.0.0.0/8', '11.0.0.1'));
    assert.ok(inRange('192.168.4.0/22', '192.168.7.255'));
    assert.ok(!inRange('192.168.4.0/22', '192.168.8.0'));
    assert.ok(inRange('10.1.2.3/8', '10.9.9.9'), 'host bits in the entry are ignored');
    assert.ok(inRange('0.0.0.0/0', '203.0.113.5'));
    assert.ok(inRange('203.0.113.5', '203.0.113.5'));
    assert.ok(!inRange('203.0.113.5', '203.0.113.6'));
  });

  it('matches IPv6 on whole and partial bytes', () => {
    assert.ok(inRange('2001:db8::/32', '2001:db8:ffff::1'));
    assert.ok(!inRange('2001:db8::/32', '2001:db9::1'));
    assert.ok(inRange('2001:db8:abc0::/44', '2001:db8:abcf:1::'));
    assert.ok(!inRange('2001:db8:abc0::/44', '2001:db8:abd0::'));
    assert.ok(inRange('::/0', '::1'));
    assert.ok(inRange('::1/128', '::1'));
  });

  it('never matches across IP versions, except through IPv4-mapped addresses', () => {
    assert.ok(!inRange('::/0', '127.0.0.1'));
    assert.ok(!inRange('0.0.0.0/0', '::1'));
    assert.ok(inRange('127.0.0.0/8', '::ffff:127.0.0.1'));
  });
});

describe('the allowlist', () => {
  it('lets everyone in when it is empty', () => {
    assert.ok(ipAllowed('203.0.113.5', []));
    assert.ok(ipAllowed(undefined, []));
  });

  it('lets in an address inside any entry and no other', () => {
    const list = ['10.0.0.0/8', '2001:db8::/32'];
    assert.ok(ipAllowed('10.2.3.4', list));
    assert.ok(ipAllowed('2001:db8::7', list));
    assert.ok(!ipAllowed('127.0.0.1', list));
    assert.ok(!ipAllowed('::1', list));
  });

  it('turns away an unknown or garbled address and ignores garbled entries', () => {
    assert.ok(!ipAllowed(undefined, ['0.0.0.0/0']));
    assert.ok(!ipAllowed('not an ip', ['0.0.0.0/0']));
    assert.ok(!ipAllowed('10.0.0.1', ['10.0.0.0/99', 'nonsense']));
  });
});

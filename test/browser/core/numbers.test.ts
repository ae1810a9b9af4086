import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { formatNumber } from '../../../src/core/numbers';

describe('showing a number', () => {
  it('shows two decimals by default', () => {
    expect(formatNumber(3.14159)).to.equal('3.14');
    expect(formatNumber(2)).to.equal('2.00');
    expect(formatNumber(-1.5)).to.equal('-1.50');
  });

  it('shows the number of decimals asked for', () => {
    expect(formatNumber(3.14159, 3)).to.equal('3.142');
    expect(formatNumber(1, 1)).to.equal('1.0');
    expect(formatNumber(0.1, 20)).to.equal((0.1).toFixed(20));
  });

  it('shows at least one decimal and at most twenty', () => {
    expect(formatNumber(1, 0)).to.equal('1.0');
    expect(formatNumber(1, -5)).to.equal('1.0');
    expect(formatNumber(1, 21)).to.equal('1.' + '0'.repeat(20));
    expect(formatNumber(1, 1000)).to.equal('1.' + '0'.repeat(20));
  });

  it('rounds a fractional decimals count, and uses two for a non-finite one', () => {
    expect(formatNumber(1, 2.6)).to.equal('1.000');
    expect(formatNumber(1, Number.NaN)).to.equal('1.00');
    expect(formatNumber(1, Number.POSITIVE_INFINITY)).to.equal('1.00');
  });

  it('reads numeric strings', () => {
    expect(formatNumber('2.5')).to.equal('2.50');
    expect(formatNumber(' 7 ', 1)).to.equal('7.0');
  });

  it('shows a dash for anything that is not a finite number', () => {
    expect(formatNumber(Number.NaN)).to.equal('-');
    expect(formatNumber(Number.POSITIVE_INFINITY)).to.equal('-');
    expect(formatNumber(Number.NEGATIVE_INFINITY)).to.equal('-');
    expect(formatNumber('abc')).to.equal('-');
    expect(formatNumber('1e999')).to.equal('-');
    expect(formatNumber(undefined as unknown as number)).to.equal('-');
    expect(formatNumber(null as unknown as number)).to.equal('-');
  });

  it('shows a dash for an empty value instead of a made-up zero', () => {
    expect(formatNumber('')).to.equal('-');
    expect(formatNumber('   ')).to.equal('-');
  });

  it('always shows between 1 and 20 decimals for any finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), fc.integer(), (n, d) => {
        const text = formatNumber(n, d);
        const decimals = text.split('.')[1] ?? '';
        return decimals.length >= 1 && decimals.length <= 20 && /^\d+$/.test(decimals);
      }),
    );
  });
});

import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { getAppId, getNextUrl, getQueryParam, safeRedirect } from '../../../src/core/query';
import { getChannel, isGaVariant } from '../../../src/core/visit';

const ORIGIN = 'https://devops.example.com';
const enc = encodeURIComponent;

describe('reading query parameters', () => {
  it('reads a parameter from a search string, a hash route or a whole URL', () => {
    expect(getQueryParam('a', '?a=1&b=2')).to.equal('1');
    expect(getQueryParam('b', 'a=1&b=2')).to.equal('2');
    expect(getQueryParam('a', '#/users/login?a=x%20y')).to.equal('x y');
    expect(getQueryParam('a', 'https://h.test/p?a=3#/route')).to.equal('3');
    expect(getQueryParam('missing', '?a=1')).to.equal(null);
  });

  it('does not take the hash route for part of the last parameter', () => {
    expect(getQueryParam('a', '/p?a=1#/users/settings')).to.equal('1');
  });

  describe('where to go after signing in', () => {
    it('accepts nextUrl, next_url and nexturl', () => {
      expect(getNextUrl('?nextUrl=%2Fa')).to.equal('/a');
      expect(getNextUrl('?next_url=%2Fb')).to.equal('/b');
      expect(getNextUrl('?nexturl=%2Fc')).to.equal('/c');
    });

    it('prefers nextUrl, then next_url, then nexturl', () => {
      expect(getNextUrl('?nexturl=%2Fc&next_url=%2Fb&nextUrl=%2Fa')).to.equal('/a');
      expect(getNextUrl('?nexturl=%2Fc&next_url=%2Fb')).to.equal('/b');
    });

    it('skips an empty one, and gives null when there is none', () => {
      expect(getNextUrl('?nextUrl=&next_url=%2Fb')).to.equal('/b');
      expect(getNextUrl('?NEXTURL=%2Fa')).to.equal(null);
      expect(getNextUrl('')).to.equal(null);
    });

    it('reads it from a hash route', () => {
      expect(getNextUrl(`#/users/login?nextUrl=${enc('https://h.test/x?y=1')}`)).to.equal('https://h.test/x?y=1');
    });
  });

  describe('which app the page belongs to', () => {
    it('accepts appId, appid and app_id', () => {
      expect(getAppId('?appId=codeup')).to.equal('codeup');
      expect(getAppId('?appid=flow')).to.equal('flow');
      expect(getAppId('?app_id=projex')).to.equal('projex');
      expect(getAppId('?appId=codeup&app_id=flow')).to.equal('codeup');
    });

    it('gives null without one', () => {
      expect(getAppId('?application=codeup')).to.equal(null);
      expect(getAppId('?appId=')).to.equal(null);
    });
  });

  describe('the sign-up channel', () => {
    it('is read from the query itself', () => {
      expect(getChannel('?channel=partner')).to.equal('partner');
    });

    it('is found inside an encoded next URL', () => {
      expect(getChannel(`?nextUrl=${enc('https://h.test/app?channel=ads')}`)).to.equal('ads');
    });

    it('is found several next URLs deep, through every alias', () => {
      const level3 = 'https://c.test/?channel=deep';
      const level2 = `https://b.test/?nexturl=${enc(level3)}`;
      const level1 = `https://a.test/?next_url=${enc(level2)}`;
      expect(getChannel(`?nextUrl=${enc(level1)}`)).to.equal('deep');
      expect(getChannel(`#/users/login?nextUrl=${enc(level1)}`)).to.equal('deep');
    });

    it('takes the outermost channel when there are several', () => {
      expect(getChannel(`?channel=outer&nextUrl=${enc('https://h.test/?channel=inner')}`)).to.equal('outer');
    });

    it('gives null when no level has one', () => {
      expect(getChannel(`?nextUrl=${enc('https://h.test/?nextUrl=' + enc('/plain'))}`)).to.equal(null);
      expect(getChannel('')).to.equal(null);
    });

    it('looks through a few levels but gives up on absurdly deep nesting', () => {
      const nested = (levels: number) => {
        let url = 'https://h.test/?channel=deep';
        for (let i = 0; i < levels; i++) url = `/x?nextUrl=${enc(url)}`;
        return `?nextUrl=${enc(url)}`;
      };
      expect(getChannel(nested(5))).to.equal('deep');
      expect(getChannel(nested(50))).to.equal(null);
    });
  });
});

describe('telling the GA variant', () => {
  it('is on when the version cookie is ga', () => {
    expect(isGaVariant('version=ga')).to.equal(true);
    expect(isGaVariant('a=1; version=ga; b=2')).to.equal(true);
  });

  it('is off for any other value or without the cookie', () => {
    expect(isGaVariant('version=beta')).to.equal(false);
    expect(isGaVariant('version=GA')).to.equal(false);
    expect(isGaVariant('myversion=ga')).to.equal(false);
    expect(isGaVariant('')).to.equal(false);
  });
});

describe('redirecting after sign-in', () => {
  describe('stays on this site', () => {
    const safe = [
      '/users/settings',
      '/users/settings?tab=ssh#/x',
      'users/settings',
      '../up',
      '?a=1',
      '#/users/settings/profile',
      `${ORIGIN}/workbench`,
      `${ORIGIN}:443/workbench`,
      'https:relative-path',
    ];
    for (const url of safe) {
      it(`goes to ${JSON.stringify(url)}`, () => {
        expect(safeRedirect(url, ORIGIN)).to.equal(url);
      });
    }

    it('trims surrounding spaces', () => {
      expect(safeRedirect('  /users/settings  ', ORIGIN)).to.equal('/users/settings');
    });
  });

  describe('refuses to leave the site or run script', () => {
    const unsafe = [
      '//evil.example',
      '//evil.example/users',
      ' //evil.example',
      'https://evil.example',
      'https://devops.example.com.evil.example/',
      'https://devops.example.com@evil.example/',
      'http://devops.example.com/',
      'https://devops.example.com:8443/',
      'http:evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'blob:https://devops.example.com/uuid',
      'ftp://devops.example.com/',
      '\\\\evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\u0000/x',
      '/x\u007f',
      '',
      '   ',
    ];
    for (const url of unsafe) {
      it(`refuses ${JSON.stringify(url)}`, () => {
        expect(safeRedirect(url, ORIGIN)).to.equal(null);
      });
    }

    it('refuses anything that is not a string', () => {
      expect(safeRedirect(null, ORIGIN)).to.equal(null);
      expect(safeRedirect(undefined, ORIGIN)).to.equal(null);
      expect(safeRedirect(42 as unknown as string, ORIGIN)).to.equal(null);
    });

    it('refuses everything when the page origin is unknown', () => {
      expect(safeRedirect('/users', '')).to.equal(null);
    });
  });

  it("uses the page's own origin by default", () => {
    expect(safeRedirect(`${location.origin}/users`)).to.equal(`${location.origin}/users`);
    expect(safeRedirect('https://evil.example/users')).to.equal(null);
  });

  it('never sends the user to another origin, whatever the text (property)', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      ':',
      '@',
      '#',
      '?',
      '.',
      '..',
      '%2F',
      '%5C',
      ' ',
      '\t',
      '\n',
      '\u0000',
      '\u00a0',
      '\u3000',
      'http',
      'https',
      'javascript',
      'data',
      'evil.example',
      'devops.example.com',
      ORIGIN,
      'users',
      'x',
    );
    const candidate = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
      fc.string(),
    );
    fc.assert(
      fc.property(candidate, (url) => {
        const result = safeRedirect(url, ORIGIN);
        if (result === null) return true;
        const resolved = new URL(result, ORIGIN + '/users/login');
        return resolved.origin === ORIGIN && (resolved.protocol === 'https:' || resolved.protocol === 'http:');
      }),
      { numRuns: 2000 },
    );
  });

  describe('refuses a path that a server would turn into a link to another site', () => {
    // Same-origin as URLs, but their path resolved against the origin begins with `//`: passed on
    // as a sign-in next_url, the server's redirect to that path alone would leave the site.
    const doubleSlash = [
      '/..//evil.example',
      '/..//evil.example/x?y=1#z',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/%2e//evil.example',
      '/x/../..//evil.example',
      '..//evil.example',
      './/evil.example',
      'x/..//evil.example',
      '/..///evil.example',
      '/../\\evil.example',
      '/..\t//evil.example',
      '/..\n//evil.example',
      `${ORIGIN}//evil.example`,
      `${ORIGIN}/..//evil.example`,
      `${ORIGIN}/%2e%2e//evil.example`,
      ` /..//evil.example `,
    ];
    for (const url of doubleSlash) {
      it(`refuses ${JSON.stringify(url)}`, () => {
        expect(safeRedirect(url, ORIGIN)).to.equal(null);
      });
    }

    it('keeps a path that only has a double slash further on', () => {
      expect(safeRedirect('/users//settings', ORIGIN)).to.equal('/users//settings');
      expect(safeRedirect('/users/x/..//y', ORIGIN)).to.equal('/users/x/..//y');
      expect(safeRedirect('/%2F%2Fevil.example', ORIGIN)).to.equal('/%2F%2Fevil.example');
      expect(safeRedirect('/a?next=//evil.example#//x', ORIGIN)).to.equal('/a?next=//evil.example#//x');
    });

    it('never lets through a value whose path on the origin begins with two slashes (property)', () => {
      const piece = fc.constantFrom(
        '/',
        '//',
        '.',
        '..',
        '%2e',
        '%2E%2e',
        '.%2e',
        '\\',
        '\t',
        '\n',
        'x',
        'evil.example',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
          const result = safeRedirect(parts.join(''), ORIGIN);
          return result === null || result.startsWith('#') || !new URL(result, ORIGIN).pathname.startsWith('//');
        }),
        { numRuns: 2000 },
      );
    });
  });

  it('navigates to the same origin in a real anchor, too (property)', () => {
    // The browser's own link resolution is the ground truth for where a redirect lands.
    const a = document.createElement('a');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (url) => {
        const result = safeRedirect(url, location.origin);
        if (result === null) return true;
        a.href = result;
        return a.origin === location.origin;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parameters of the current page', () => {
  it('finds a parameter of a hash route even when the page has a query string of its own', () => {
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?wtr-session=1#/users/emails?token=abc&nextUrl=%23%2Fx`);
    try {
      expect(getQueryParam('token')).to.equal('abc');
      expect(getNextUrl()).to.equal('#/x');
      expect(getQueryParam('wtr-session')).to.equal('1');
    } finally {
      history.replaceState(null, '', before);
    }
  });
});

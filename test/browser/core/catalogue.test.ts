import { expect } from '@open-wc/testing';
import { APPS, BRAND_COLOR, appName, getApp, logoUrl } from '../../../src/core/catalogue';
import type { AppEntry } from '../../../src/core/catalogue';

const svgOf = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));
const hasHan = (text: string) => /[\u4e00-\u9fa5]/.test(text);

describe('the app catalogue', () => {
  it('lists the 18 suite apps in the order of the specification', () => {
    expect(APPS.map((a) => a.id)).to.deep.equal([
      'workbench',
      'projex',
      'testhub',
      'alidocs',
      'insight',
      'codeup',
      'flow',
      'appstack',
      'packages',
      'org-member',
      'org-admin',
      'old-devops',
      'devstudio',
      'thoughts',
      'open',
      'docs',
      'yunxiao',
      'lingma',
    ]);
  });

  it('names every app in Chinese and in English', () => {
    for (const app of APPS) {
      expect(hasHan(app.nameCN), `${app.id} Chinese name`).to.equal(true);
      expect(app.name.trim(), `${app.id} English name`).to.not.equal('');
      expect(hasHan(app.name), `${app.id} English name`).to.equal(false);
      expect(appName(app, 'zh_CN')).to.equal(app.nameCN);
      expect(appName(app, 'en_US')).to.equal(app.name);
    }
  });

  it('gives every app a raster logo, and ids that are unique', () => {
    const ids = APPS.flatMap((a) => [a.id, ...(a.vpcId ? [a.vpcId] : [])]);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const app of APPS) expect(app.logoUrlCDN, app.id).to.match(/^\/.+\.png$/);
  });

  it('finds an app by its id or its VPC id, and nothing for an unknown id', () => {
    expect(getApp('codeup')?.id).to.equal('codeup');
    expect(getApp('codeup-vpc')?.id).to.equal('codeup');
    expect(getApp('nope')).to.equal(undefined);
    expect(getApp('')).to.equal(undefined);
  });
});

describe('an app logo', () => {
  const codeup = getApp('codeup')!;

  it('is the SVG drawn in the brand colour #006AD4 by default', () => {
    expect(BRAND_COLOR).to.equal('#006AD4');
    const url = logoUrl(codeup);
    expect(url.startsWith('data:image/svg+xml,')).to.equal(true);
    const svg = svgOf(url);
    expect(svg).to.contain('fill="#006AD4"');
    expect(svg).to.not.contain('currentColor');
  });

  it("is drawn in the host's brand colour when one is given", () => {
    expect(svgOf(logoUrl(codeup, '#ff6600'))).to.contain('fill="#ff6600"');
    expect(svgOf(logoUrl(codeup, '#f60'))).to.contain('fill="#f60"');
    expect(svgOf(logoUrl(codeup, 'rebeccapurple'))).to.contain('fill="rebeccapurple"');
  });

  it('is a valid SVG image that the browser can draw', async () => {
    const img = new Image();
    img.src = logoUrl(codeup, '#123456');
    await img.decode();
    expect(img.naturalWidth).to.be.above(0);
  });

  it('falls back to the raster logo when the app has no SVG', () => {
    const withoutSvg = APPS.filter((a) => !a.logoUrlSvg);
    expect(withoutSvg.length).to.be.above(0);
    for (const app of withoutSvg) expect(logoUrl(app)).to.equal(app.logoUrlCDN);
    const custom: AppEntry = { id: 'open', name: 'Open', nameCN: '开放平台', logoUrlCDN: '/x.png' };
    expect(logoUrl(custom, '#000')).to.equal('/x.png');
  });

  describe('given a brand value that is not a plain colour', () => {
    const attacks = [
      '"/><script>alert(1)</script>',
      'red" onload="alert(1)',
      'url(javascript:alert(1))',
      '#12345g',
      '#12',
      '#123456789',
      'red;stroke:blue',
      '',
    ];
    for (const brand of attacks) {
      it(`refuses to put ${JSON.stringify(brand)} into the SVG and uses the default colour`, () => {
        const svg = svgOf(logoUrl(codeup, brand));
        expect(svg).to.contain('fill="#006AD4"');
        if (brand) expect(svg).to.not.contain(brand);
        expect(svg).to.not.contain('<script');
      });
    }
  });
});

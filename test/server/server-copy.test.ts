/**
 * What the server's own texts say, in both languages: the closing line of a sign-in code mail,
 * the device and the time in notices, and the standalone page before its script runs.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDevice } from '../../server/login/complete';
import { renderMail } from '../../server/mail/templates';
import { PAGE_CSP } from '../../server/routes/pages';
import { noticeTime } from '../../server/time';
import type { Locale } from '../../src/core/settings';
import { Client } from './helpers/client';
import { useTestServer } from './helpers/server';
import * as accounts from './helpers/accounts';
import type { Account } from './helpers/accounts';

/** A build holding only the real page HTML: enough for `/users/`. */
const site = mkdtempSync(join(tmpdir(), 'yx-copy-site-'));
mkdirSync(join(site, 'demo'));
copyFileSync('demo/index.html', join(site, 'demo/index.html'));
after(() => rmSync(site, { recursive: true, force: true }));

const server = useTestServer({ config: { distDir: site } });

const recipient = (locale: Locale) => ({ to: 'a@example.org', name: 'A', locale, flavour: 'standard' as const });

describe('the sign-in code mail', () => {
  it('tells a reader who did not sign in that their password is known, in Chinese', () => {
    const mail = renderMail('loginCode', { code: '123456', minutes: 10 }, recipient('zh_CN'));
    assert.match(mail.text, /如非本人操作，说明您的密码可能已泄露，请立即修改密码。/);
    assert.match(mail.html, /您的密码可能已泄露/);
    assert.doesNotMatch(mail.text, /忽略此邮件/);
  });

  it('tells a reader who did not sign in that their password is known, in English', () => {
    const mail = renderMail('loginCode', { code: '123456', minutes: 10 }, recipient('en_US'));
    assert.match(mail.text, /If this was not you, someone knows your password: change it now\./);
    assert.doesNotMatch(mail.text, /ignore this email/);
  });

  it('still lets the reader of a password-reset code ignore it, in both languages', () => {
    const zh = renderMail('passwordReset', { code: '123456', minutes: 10 }, recipient('zh_CN'));
    const en = renderMail('passwordReset', { code: '123456', minutes: 10 }, recipient('en_US'));
    assert.match(zh.text, /请忽略此邮件/);
    assert.match(en.text, /you can ignore this email/);
    assert.doesNotMatch(zh.text + en.text, /密码可能已泄露|someone knows your password/);
  });
});

const UA = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 14; V2241A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 NetType/WIFI Language/zh_CN',
  dingtalkMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) DingTalk/7.6.15 Channel/201200 language/zh-Hans-CN',
  // The Windows client writes its version in brackets, after the Chrome it is built on.
  dingtalkWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.128 Safari/537.36 DingTalk(7.0.40-Release.2120106) nw Channel/201200',
  qqBrowserWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.265.400 QQBrowser/12.2.5544.400',
  qqBrowserAndroid:
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PFFM10 Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.2 Mobile Safari/537.36 COVC/046815',
  ucAndroid:
    'Mozilla/5.0 (Linux; U; Android 10; zh-CN; V1914A Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  ucIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X; zh-CN) AppleWebKit/537.51.1 (KHTML, like Gecko) Mobile/15E148 UCBrowser/15.5.8.2014 Mobile AliApp(TUnionSDK/0.1.20.4)',
  ucwebAndroid: 'UCWEB/2.0 (Linux; U; Adr 2.3; zh-CN; MI-ONEPlus) U2/1.0.0 UCBrowser/8.6.0.199 U2/1.0.0 Mobile',
  // WeChat's older Android web view is QQ Browser's engine and says so.
  wechatTbsAndroid:
    'Mozilla/5.0 (Linux; Android 7.1.1; OPPO R11 Build/NMF26X; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/53.0.2785.49 Mobile MQQBrowser/6.2 TBS/043632 Safari/537.36 MicroMessenger/6.6.1.1220(0x26060135) NetType/WIFI Language/zh_CN',
  curl: 'curl/8.5.0',
  test: 'Mozilla/5.0 (Test) Chrome/130',
};

describe('the device of a user agent', () => {
  it('names the common browsers and systems in English', () => {
    const en = (ua: string | null) => describeDevice(ua, 'en_US');
    assert.equal(en(UA.chromeLinux), 'Chrome on Linux');
    assert.equal(en(UA.chromeMac), 'Chrome on macOS');
    assert.equal(en(UA.edgeWindows), 'Edge on Windows');
    assert.equal(en(UA.firefoxWindows), 'Firefox on Windows');
    assert.equal(en(UA.safariIphone), 'Safari on iOS');
    assert.equal(en(UA.safariMac), 'Safari on macOS');
    assert.equal(en(UA.chromeIpad), 'Chrome on iPadOS');
    assert.equal(en(UA.chromeAndroid), 'Chrome on Android');
    assert.equal(en(UA.operaWindows), 'Opera on Windows');
    assert.equal(en(UA.chromeOs), 'Chrome on ChromeOS');
    assert.equal(en(UA.wechatAndroid), 'WeChat on Android');
    assert.equal(en(UA.dingtalkMac), 'DingTalk on macOS');
    assert.equal(en(UA.dingtalkWindows), 'DingTalk on Windows');
    assert.equal(en(UA.test), 'Chrome', 'a browser without a known system');
    assert.equal(en('Mozilla/5.0 (X11; Linux x86_64)'), 'a browser on Linux', 'a system without a known browser');
    assert.equal(en(UA.curl), 'an unknown device');
    assert.equal(en(null), 'an unknown device');
  });

  it('names them in Chinese', () => {
    const zh = (ua: string | null) => describeDevice(ua, 'zh_CN');
    assert.equal(zh(UA.chromeMac), 'macOS 上的 Chrome');
    assert.equal(zh(UA.chromeLinux), 'Linux 上的 Chrome');
    assert.equal(zh(UA.wechatAndroid), 'Android 上的微信');
    assert.equal(zh(UA.dingtalkMac), 'macOS 上的钉钉');
    assert.equal(zh(UA.dingtalkWindows), 'Windows 上的钉钉');
    assert.equal(zh('Mozilla/5.0 (X11; Linux x86_64)'), 'Linux 上的浏览器');
    assert.equal(zh(UA.curl), '未知设备');
    assert.equal(zh(null), '未知设备');
  });

  it('names QQ Browser and UC Browser, common in China, though their agents also say Chrome or Safari', () => {
    const en = (ua: string | null) => describeDevice(ua, 'en_US');
    assert.equal(en(UA.qqBrowserWindows), 'QQ Browser on Windows');
    assert.equal(en(UA.qqBrowserAndroid), 'QQ Browser on Android');
    assert.equal(en(UA.ucAndroid), 'UC Browser on Android');
    assert.equal(en(UA.ucIphone), 'UC Browser on iOS');
    assert.equal(en(UA.ucwebAndroid), 'UC Browser on Android');
    assert.equal(en(UA.wechatTbsAndroid), 'WeChat on Android', 'the app, not the engine it embeds');

    const zh = (ua: string | null) => describeDevice(ua, 'zh_CN');
    assert.equal(zh(UA.qqBrowserWindows), 'Windows 上的 QQ 浏览器');
    assert.equal(zh(UA.qqBrowserAndroid), 'Android 上的 QQ 浏览器');
    assert.equal(zh(UA.ucAndroid), 'Android 上的 UC 浏览器');
    assert.equal(zh(UA.ucIphone), 'iOS 上的 UC 浏览器');
    assert.equal(zh(UA.wechatTbsAndroid), 'Android 上的微信');
  });
});

describe('the time in mails and notices', () => {
  it('is China Standard Time in Chinese and UTC in English, each named', () => {
    const at = new Date('2026-11-24T13:22:40Z');
    assert.equal(noticeTime(at, 'zh_CN'), '2026-11-24 21:22（北京时间）');
    assert.equal(noticeTime(at, 'en_US'), '2026-11-24 13:22 UTC');
    // Past midnight in Beijing is the next day there.
    const late = new Date('2026-12-31T16:05:00Z');
    assert.equal(noticeTime(late, 'zh_CN'), '2027-01-01 00:05（北京时间）');
    assert.equal(noticeTime(late, 'en_US'), '2026-12-31 16:05 UTC');
  });
});

/** `at` to the minute in China Standard Time (UTC+8 all year), worked out without Intl. */
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const utc = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** The bodies of the account's notices of `type`, as stored. */
async function bodies(account: Account, type: string): Promise<string[]> {
  const rows = await server.deps.db
    .selectFrom('messages')
    .select('body')
    .where('user_id', '=', account.id)
    .where('sensitive_type', '=', type)
    .execute();
  return rows.map((r) => r.body);
}

/** Signs `account` in from a second browser reading `reads`, with `userAgent` (or none). */
async function signInFromNewDevice(account: Account, reads: Locale, userAgent: string | null) {
  await accounts.signedInReading(server, account, reads);
  const browser = await accounts.browserReading(server, reads);
  const answer = await browser.login(account.username, accounts.ACCOUNT_PASSWORD, {
    // The standard header is sent by every fetch; the §7 one wins, and empty means none.
    user_agent: userAgent ?? '',
    'user-agent': userAgent ?? '',
  });
  assert.equal(answer.status, 200, answer.text);
}

describe('the notice of a sign-in from a new device', () => {
  it('names the device and gives the time in Beijing in Chinese', async () => {
    const account = await accounts.newAccount(server, 'zh_CN');
    await signInFromNewDevice(account, 'zh_CN', UA.chromeLinux);
    const now = server.clock.now();
    assert.deepEqual(await bodies(account, 'new_device_login'), [
      `您的账号于 ${beijing(now)}（北京时间） 在新设备上登录（Linux 上的 Chrome）。如非本人操作，请立即修改密码。`,
    ]);
  });

  it('names the device and gives the time in UTC in English', async () => {
    const account = await accounts.newAccount(server, 'en_US');
    await signInFromNewDevice(account, 'en_US', UA.safariIphone);
    const [body] = await bodies(account, 'new_device_login');
    assert.equal(
      body,
      `Your account was signed in from a new device at ${utc(server.clock.now())} UTC (Safari on iOS). ` +
        'If this was not you, change your password at once.',
    );
  });

  it('says "unknown device" rather than "?" without a user agent, in both languages', async () => {
    const zh = await accounts.newAccount(server, 'zh_CN');
    await signInFromNewDevice(zh, 'zh_CN', null);
    assert.match((await bodies(zh, 'new_device_login'))[0] ?? '', /（未知设备）/);
    const en = await accounts.newAccount(server, 'en_US');
    await signInFromNewDevice(en, 'en_US', null);
    assert.match((await bodies(en, 'new_device_login'))[0] ?? '', /\(an unknown device\)/);
  });
});

describe('the notice of a changed password', () => {
  for (const [locale, expected] of [
    ['zh_CN', (at: Date) => `您的账号密码已于 ${beijing(at)}（北京时间） 修改`],
    ['en_US', (at: Date) => `The password of your account was changed at ${utc(at)} UTC.`],
  ] as const) {
    it(`gives the time in the zone of ${locale}`, async () => {
      const account = await accounts.newAccount(server, locale);
      const browser = await accounts.signedInReading(server, account, locale);
      const changed = await browser.put('/users/ajax/v1/my/password', {
        old_password: accounts.ACCOUNT_PASSWORD,
        new_password: 'Changed#2027',
      });
      assert.equal(changed.status, 200, changed.text);
      const [body] = await bodies(account, 'password_changed');
      assert.ok(body?.startsWith(expected(server.clock.now())), body);
    });
  }

  it('gives Beijing time when a forced change is done at sign-in in Chinese', async () => {
    const account = await accounts.newAccount(server, 'zh_CN', { must_change_password: true });
    const browser = await accounts.browserReading(server, 'zh_CN');
    const refused = await browser.login(account.username, accounts.ACCOUNT_PASSWORD);
    assert.equal(refused.body.code, 'password_change_required', refused.text);
    const changed = await browser.put(`/users/ajax/users/${account.username}/password:reset`, {
      old_password: accounts.ACCOUNT_PASSWORD,
      new_password: 'Changed#2027',
    });
    assert.equal(changed.status, 200, changed.text);
    const [body] = await bodies(account, 'password_changed');
    assert.ok(body?.startsWith(`您的账号密码已于 ${beijing(server.clock.now())}（北京时间） 修改`), body);
  });
});

describe('the standalone page before its script runs', () => {
  const page = (headers: Record<string, string>) => new Client(server.url).get('/users/', { headers });

  it('is in Chinese for a browser whose cookie says so, whatever it accepts', async () => {
    const answer = await page({ cookie: 'ak_user_locale=zh_CN', 'accept-language': 'en-US,en;q=0.9' });
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.text, /<html lang="zh-CN">/);
    assert.match(answer.text, /<title>个人设置<\/title>/);
    assert.match(answer.text, /<noscript>此页面需要启用 JavaScript。<\/noscript>/);
  });

  it('is in Chinese for a browser that accepts Chinese first', async () => {
    const answer = await page({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    assert.match(answer.text, /<html lang="zh-CN">/);
    assert.match(answer.text, /<title>个人设置<\/title>/);
  });

  it('is in English for a browser whose cookie says so, whatever it accepts', async () => {
    const answer = await page({ cookie: 'ak_user_locale=en_US', 'accept-language': 'zh-CN' });
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.text, /<html lang="en">/);
    assert.match(answer.text, /<title>Personal Settings<\/title>/);
    assert.match(answer.text, /<noscript>This page needs JavaScript\.<\/noscript>/);
    assert.doesNotMatch(answer.text, /个人设置|lang="zh-CN"/);
  });

  it('keeps its settings block, its script and its Content-Security-Policy', async () => {
    const answer = await page({ cookie: 'ak_user_locale=zh_CN' });
    assert.equal(answer.headers.get('content-security-policy'), PAGE_CSP);
    assert.match(answer.text, /<script type="application\/json" id="yx-settings">\{.*\}<\/script>/);
    assert.doesNotMatch(answer.text, /<!--YX_SETTINGS-->/);
    assert.match(answer.text, /<script type="module" src="\.\/demo\/app\.js"><\/script>/);
    // No inline script: the only scripts are the data block and the module file.
    assert.equal(answer.text.match(/<script\b/g)?.length, 2);
  });
});

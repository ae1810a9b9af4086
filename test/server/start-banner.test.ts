/**
 * What the operator reads at start (server/main.ts `banner`): which sign-in methods and account
 * bindings the configuration turned on, by name and never with a secret or a URL. And the
 * directory's bind password read from the environment, which must survive being pasted with a
 * trailing newline (server/ldap/config.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../server/config';
import { ldapConfigFromEnv } from '../../server/ldap/config';
import { banner, signInLine } from '../../server/main';
import { useTestServer } from './helpers/server';

const SECRET = 'Sup3r-Secret-Value';
const DIRECTORY = {
  LDAP_URL: 'ldap://svc:hunter2@directory.example:389',
  LDAP_BASE_DN: 'dc=example,dc=com',
  LDAP_BIND_DN: 'cn=svc,dc=example,dc=com',
};
/** Every provider and both directory kinds, as an operator's environment sets them. */
const EVERYTHING = {
  ...DIRECTORY,
  LDAP_BIND_PASSWORD: SECRET,
  LDAP_KINDS: 'ldap,windows-ad',
  OIDC_DINGTALK_ISSUER: 'https://login.dingtalk.example',
  OIDC_DINGTALK_CLIENT_ID: 'ding-client',
  OIDC_DINGTALK_CLIENT_SECRET: SECRET,
  OIDC_ALIYUN_ISSUER: 'https://signin.aliyun.example',
  OIDC_ALIYUN_CLIENT_ID: 'aliyun-client',
  OIDC_ALIYUN_CLIENT_SECRET: SECRET,
};

describe('the start-up banner', () => {
  describe('given sign-in providers, a directory and a binding turned on', () => {
    const { oidc, sso, ldap } = loadConfig(EVERYTHING);
    const server = useTestServer({ config: { oidc, sso, ldap } });

    it('names every sign-in method and binding, and no secret, issuer or directory URL', () => {
      const text = banner(server, server.deps.config, 0);
      const line = text.split('\n').find((l) => l.trimStart().startsWith('Sign-in:'));
      assert.equal(line, '  Sign-in:   password, DingTalk, Alibaba Cloud, LDAP, Windows AD; bindings: DingTalk', text);
      for (const hidden of [SECRET, 'hunter2', 'directory.example', 'dingtalk.example', 'ding-client']) {
        assert.ok(!text.includes(hidden), `the banner shows ${hidden}`);
      }
    });
  });

  describe('given nothing but passwords', () => {
    it('says sign-in is by password only, with no bindings', () => {
      assert.equal(signInLine(loadConfig({})), 'password; bindings: none');
    });
  });

  describe('given a binding provider and the Windows AD button only', () => {
    it('lists each once, in the login page’s order', () => {
      const config = loadConfig({
        ...DIRECTORY,
        LDAP_BIND_PASSWORD: SECRET,
        LDAP_KINDS: 'windows-ad',
        OIDC_LARK_ISSUER: 'https://open.lark.example',
        OIDC_LARK_CLIENT_ID: 'lark-client',
        OIDC_LARK_CLIENT_SECRET: SECRET,
        OIDC_WECHAT_WORK_ISSUER: 'https://work.weixin.example',
        OIDC_WECHAT_WORK_CLIENT_ID: 'wecom-client',
        OIDC_WECHAT_WORK_CLIENT_SECRET: SECRET,
      });
      assert.equal(signInLine(config), 'password, Lark, Enterprise WeChat, Windows AD; bindings: Lark');
    });
  });
});

describe('the directory’s bind password', () => {
  describe('given a value pasted with a trailing newline or spaces', () => {
    it('binds with the password as typed, without the whitespace around it', () => {
      for (const pasted of [`${SECRET}\n`, `${SECRET}\r\n`, `  ${SECRET} `, `\t${SECRET}`]) {
        assert.equal(loadConfig({ ...DIRECTORY, LDAP_BIND_PASSWORD: pasted }).ldap?.bindPassword, SECRET);
      }
    });
  });

  describe('given an all-blank value', () => {
    it('treats it as unset: with a bind DN the server refuses to start and says to set both', () => {
      for (const blank of ['', ' ', '\n', ' \t\r\n']) {
        assert.throws(
          () => loadConfig({ ...DIRECTORY, LDAP_BIND_PASSWORD: blank }),
          (e: Error) =>
            e instanceof ConfigError && e.message === 'LDAP_BIND_DN and LDAP_BIND_PASSWORD must be set together',
        );
      }
    });

    it('without a bind DN, searches anonymously as with no password at all', () => {
      const { LDAP_URL, LDAP_BASE_DN } = DIRECTORY;
      const read = ldapConfigFromEnv({ LDAP_URL, LDAP_BASE_DN, LDAP_BIND_PASSWORD: ' \n' });
      assert.equal(read.problem, undefined);
      assert.equal(read.config?.bindDn, undefined);
      assert.equal(read.config?.bindPassword, undefined);
    });
  });
});

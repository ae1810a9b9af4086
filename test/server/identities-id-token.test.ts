import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { OidcError, validateIdToken } from '../../server/oidc/client';
import type { OidcMetadata, OidcProviderConfig } from '../../server/oidc/client';

// The provider's published keys: one per algorithm family the client accepts.
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ed = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let jwks: Server;
let metadata: OidcMetadata;
const provider: OidcProviderConfig = { issuer: 'https://idp.example', clientId: 'yx', clientSecret: 's' };
const now = new Date('2026-05-01T10:00:00Z');
const nowS = now.getTime() / 1000;

before(async () => {
  const keys = [
    { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa', use: 'sig' },
    { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec' },
    { ...ed.publicKey.export({ format: 'jwk' }), kid: 'ed' },
  ];
  jwks = createServer((_req, res) => res.end(JSON.stringify({ keys })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(jwks.address() as { port: number }).port}`;
  metadata = {
    issuer: provider.issuer,
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/token`,
    jwks_uri: `${base}/jwks`,
  };
});
after(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS over `claims`, signed as `alg` with `key`. */
function jws(claims: object, alg: string, kid: string, key: KeyObject): string {
  const input = `${b64({ alg, kid, typ: 'JWT' })}.${b64(claims)}`;
  const hash = alg === 'EdDSA' ? null : 'sha256';
  const options = alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' as const } : key;
  return `${input}.${sign(hash, Buffer.from(input), options).toString('base64url')}`;
}

const good = { iss: provider.issuer, aud: 'yx', sub: 'u-1', name: 'Ann', iat: nowS, exp: nowS + 300, nonce: 'n-1' };

async function reason(token: string): Promise<string> {
  try {
    await validateIdToken(metadata, provider, token, { nonce: 'n-1', now });
    return 'accepted';
  } catch (error) {
    assert.ok(error instanceof OidcError);
    return `${error.code}: ${error.message}`;
  }
}

describe('validating an ID token', () => {
  it('accepts RS256, ES256 and EdDSA signatures from the provider keys', async () => {
    for (const [alg, kid, key] of [
      ['RS256', 'rsa', rsa.privateKey],
      ['ES256', 'ec', ec.privateKey],
      ['EdDSA', 'ed', ed.privateKey],
    ] as const) {
      const claims = await validateIdToken(metadata, provider, jws(good, alg, kid, key), { nonce: 'n-1', now });
      assert.deepEqual(claims, { sub: 'u-1', name: 'Ann' }, alg);
    }
  });

  it('refuses a foreign signature, an unsigned token and a tampered payload', async () => {
    assert.match(await reason(jws(good, 'RS256', 'rsa', stranger.privateKey)), /^id_token_invalid: signature/);
    const unsigned = `${b64({ alg: 'none' })}.${b64(good)}.`;
    assert.match(await reason(unsigned), /^id_token_invalid/);
    const [h, , s] = jws(good, 'RS256', 'rsa', rsa.privateKey).split('.');
    assert.match(await reason(`${h}.${b64({ ...good, sub: 'admin' })}.${s}`), /^id_token_invalid: signature/);
  });

  it('refuses the wrong issuer, audience, nonce, or an expired token', async () => {
    const cases: Array<[object, string]> = [
      [{ iss: 'https://evil.example' }, 'iss'],
      [{ aud: 'someone-else' }, 'aud'],
      [{ aud: ['yx', 'other'] }, 'azp'],
      [{ nonce: 'n-2' }, 'nonce'],
      [{ exp: nowS - 120 }, 'exp'],
    ];
    for (const [change, why] of cases) {
      assert.equal(
        await reason(jws({ ...good, ...change }, 'RS256', 'rsa', rsa.privateKey)),
        `id_token_invalid: ${why}`,
      );
    }
    const slightlyLate = jws({ ...good, exp: nowS - 30 }, 'RS256', 'rsa', rsa.privateKey);
    assert.equal(await reason(slightlyLate), 'accepted', 'a minute of clock skew is tolerated');
  });
});

import { expect } from '@open-wc/testing';
import { parsePublicKey, sshFingerprint } from '../../../src/features/ssh-keys/fingerprint';
import { KEYS, MISMATCHED_KEY, PRIVATE_KEY, TOO_LONG_KEY, TRUNCATED_KEY } from './ssh-keys-fixtures';

describe('SSH key fingerprints and checks', () => {
  describe('given real keys made by ssh-keygen', () => {
    for (const [name, fixture] of Object.entries(KEYS)) {
      it(`shows the same SHA256 fingerprint as "ssh-keygen -l -E sha256" for ${name}`, async () => {
        expect(await sshFingerprint(fixture.line)).to.equal(fixture.fingerprint);
      });
    }

    it('ignores surrounding whitespace and a missing comment', async () => {
      expect(await sshFingerprint(`\n  ${KEYS.rsa3072.line}  \n`)).to.equal(KEYS.rsa3072.fingerprint);
      expect(await sshFingerprint(KEYS.ed25519NoComment.line)).to.equal(KEYS.ed25519NoComment.fingerprint);
    });

    it('accepts Ed25519 and RSA of 2048 bits or more, with their size and comment', () => {
      const ed = parsePublicKey(KEYS.ed25519.line);
      expect(ed.ok && { bits: ed.key.bits, type: ed.key.type, comment: ed.key.comment }).to.deep.equal({
        bits: 256,
        type: 'ssh-ed25519',
        comment: 'alice@laptop',
      });
      const rsa = parsePublicKey(KEYS.rsa3072.line);
      expect(rsa.ok && rsa.key.bits).to.equal(KEYS.rsa3072.bits);
      expect(rsa.ok && rsa.key.comment).to.equal('bob@build-server');
      const bare = parsePublicKey(KEYS.ed25519NoComment.line);
      expect(bare.ok && bare.key.comment).to.equal('');
    });
  });

  describe('given keys the service refuses', () => {
    it('tells an RSA key under 2048 bits by its real size', () => {
      expect(parsePublicKey(KEYS.rsa1024.line)).to.deep.equal({ ok: false, problem: 'rsa-too-short', bits: 1024 });
    });

    it('tells an unsupported type (ECDSA), a private key, a truncated blob and a type/blob mismatch apart', () => {
      expect(parsePublicKey(KEYS.ecdsa.line)).to.deep.equal({ ok: false, problem: 'type' });
      expect(parsePublicKey(PRIVATE_KEY)).to.deep.equal({ ok: false, problem: 'private' });
      expect(parsePublicKey(TRUNCATED_KEY)).to.deep.equal({ ok: false, problem: 'format' });
      expect(parsePublicKey(MISMATCHED_KEY)).to.deep.equal({ ok: false, problem: 'format' });
      expect(parsePublicKey('   ')).to.deep.equal({ ok: false, problem: 'empty' });
      expect(parsePublicKey('ssh-ed25519 not*base64')).to.deep.equal({ ok: false, problem: 'format' });
      // A blob with bytes after the key is as broken as one cut short.
      const [type, blob] = KEYS.ed25519.line.split(' ');
      const padded = btoa(atob(blob!) + '\0\0\0\0');
      expect(parsePublicKey(`${type} ${padded}`)).to.deep.equal({ ok: false, problem: 'format' });
    });

    it('has no fingerprint for a line without a matching blob', async () => {
      expect(await sshFingerprint(MISMATCHED_KEY)).to.equal(null);
      expect(await sshFingerprint(PRIVATE_KEY)).to.equal(null);
      expect(await sshFingerprint('ssh-ed25519')).to.equal(null);
      expect(await sshFingerprint(TOO_LONG_KEY)).to.equal(null);
    });
  });
});

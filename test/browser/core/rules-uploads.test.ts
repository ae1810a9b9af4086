import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  AVATAR_MAX_BYTES,
  checkAvatarFile,
  languageSchema,
  loginSchema,
  makeExpirySchema,
  sshKeySchema,
  validate,
} from '../../../src/core/validation/rules';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFF0fnVlfIbRoMObonQN/988Wg8kruxxww0zT8Aqo4st dev@example.com';
const RSA =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC1mRniF/KbyTRc8yRMR0RjCSny6GmHk9wP4Wq1t1tYkMwj3ExQJpWYgpedk4rku0zoFp3TaigXy935iD2h7GTA3rRa51pskEtADp6cV2ZxuYWhMu7e8NbHNUjErC07g8YdkYDGEvdNLYmmuquFNZymxt5qiK42FIN91ebvb1ZIF+mDDz8hKEOUBzlHXEr70FA4MDJhTW4nURdSiOdzBhsjKW3FeTy3mayzaq/fgUKR/0aXDU3JxvFzq3NNCALdJZwckILHDu3CpiWnvSNdYMzcZ5DWKLvC6Y9JNdFCwqyP9zuZSOdSWhC32nwhLFGGdaMyb7svXnCwbWBiIhgQi9Jx ci';
const ECDSA =
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBK/ZPhx0R+Ff3F+AK6BvYKvpJCJS9xu/x5iyT6n/Unc+syEUQ8yTF+x4lEWMkMQZG0axV6cUzNOmoU/jbeZmWyY= root@vm';

/** An OpenSSH public key of `type` around random key bytes. */
function publicKey(type: string, keyBytes: number[], comment = ''): string {
  const name = String.fromCharCode(0, 0, 0, type.length) + type;
  const blob = btoa(name + String.fromCharCode(...keyBytes));
  return `${type} ${blob}${comment ? ' ' + comment : ''}`;
}

const sshIssues = (value: unknown) => {
  const result = validate(sshKeySchema, value);
  return result.ok ? [] : result.issues;
};

describe('SSH key rule', () => {
  it('accepts RSA and Ed25519 public keys, with or without a comment, and trims what was pasted', () => {
    expect(sshIssues({ title: 'laptop', key: ED25519 })).to.deep.equal([]);
    expect(sshIssues({ title: 'ci', key: RSA })).to.deep.equal([]);
    const result = validate(sshKeySchema, { title: '  laptop ', key: `\n${ED25519}\n` });
    expect(result).to.deep.equal({ ok: true, value: { title: 'laptop', key: ED25519 } });
  });

  it('asks for both the name and the key', () => {
    const both = [
      { path: 'title', messageKey: 'validation.ssh.titleRequired' },
      { path: 'key', messageKey: 'validation.ssh.keyRequired' },
    ];
    expect(sshIssues({ title: '', key: '' })).to.deep.equal(both);
    expect(sshIssues({ title: ' ', key: '\n' })).to.deep.equal(both);
    expect(sshIssues({})).to.deep.equal(both);
  });

  it('says only RSA or Ed25519 keys are supported for other key types', () => {
    expect(sshIssues({ title: 'old', key: ECDSA })).to.deep.equal([{ path: 'key', messageKey: 'validation.ssh.type' }]);
    expect(sshIssues({ title: 'dss', key: 'ssh-dss AAAAB3NzaC1kc3MAAACBAP' })).to.deep.equal([
      { path: 'key', messageKey: 'validation.ssh.type' },
    ]);
  });

  it('warns with its own message when a private key is pasted', () => {
    const pasted =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----';
    expect(sshIssues({ title: 'oops', key: pasted })).to.deep.equal([
      { path: 'key', messageKey: 'validation.ssh.privateKey' },
    ]);
    const rsaPem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow==\n-----END RSA PRIVATE KEY-----';
    expect(sshIssues({ title: 'oops', key: rsaPem })[0]?.messageKey).to.equal('validation.ssh.privateKey');
  });

  it('rejects a key whose body does not match its type, or that spans lines', () => {
    const swapped = 'ssh-rsa ' + ED25519.split(' ')[1];
    expect(sshIssues({ title: 'x', key: swapped })).to.deep.equal([
      { path: 'key', messageKey: 'validation.ssh.format' },
    ]);
    expect(sshIssues({ title: 'x', key: 'ssh-ed25519 not-base64!' })[0]?.messageKey).to.equal('validation.ssh.format');
    const split = ED25519.replace(' dev@', '\ndev@');
    expect(sshIssues({ title: 'x', key: split })[0]?.messageKey).to.equal('validation.ssh.format');
  });

  it('reads any run of spaces between the parts as one, non-breaking ones included', () => {
    const [type, blob, comment] = ED25519.split(' ');
    const result = validate(sshKeySchema, { title: 'web', key: `${type}\u00a0${blob}\u3000\t${comment}` });
    expect(result).to.deep.equal({ ok: true, value: { title: 'web', key: ED25519 } });
  });

  it('asks to remove authorized_keys options before the key', () => {
    expect(sshIssues({ title: 'x', key: `no-pty,from="10.0.0.1" ${ED25519}` })).to.deep.equal([
      { path: 'key', messageKey: 'validation.ssh.options' },
    ]);
    expect(sshIssues({ title: 'x', key: `command="echo hi there" ${ED25519}` })[0]?.messageKey).to.equal(
      'validation.ssh.options',
    );
  });

  it('rejects a key line longer than 8192 bytes', () => {
    const huge = publicKey('ssh-rsa', [], 'c'.repeat(9000));
    expect(sshIssues({ title: 'big', key: huge })).to.deep.equal([
      { path: 'key', messageKey: 'validation.ssh.tooLong' },
    ]);
  });

  it('accepts any well-formed RSA or Ed25519 key (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ssh-rsa', 'ssh-ed25519'),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 32, maxLength: 300 }),
        fc.stringMatching(/^[\w.@-]{0,30}$/),
        (type, bytes, comment) => sshIssues({ title: 'k', key: publicKey(type, bytes, comment) }).length === 0,
      ),
    );
  });
});

describe('expiry rule', () => {
  const now = new Date(2026, 2, 10, 15, 30); // 10 March 2026, 15:30 local
  const expiry = makeExpirySchema(() => now);
  const message = (value: unknown) => {
    const result = validate(expiry, value);
    return result.ok ? null : result.issues[0]!.messageKey;
  };

  it('asks the user to select an expiration time', () => {
    expect(message('')).to.equal('validation.expiry.required');
    expect(message(undefined)).to.equal('validation.expiry.required');
  });

  it('accepts today, a later day, or a future ISO instant', () => {
    expect(message('2026-03-10')).to.equal(null);
    expect(message('2026-06-08')).to.equal(null);
    expect(message(new Date(2026, 2, 11).toISOString())).to.equal(null);
  });

  it('refuses days and instants in the past', () => {
    expect(message('2026-03-09')).to.equal('validation.expiry.past');
    expect(message(new Date(2026, 2, 10, 15, 0).toISOString())).to.equal('validation.expiry.past');
  });

  it('refuses anything that is not a real YYYY-MM-DD day or ISO time', () => {
    for (const value of ['2026-02-30', '10/03/2026', '2026-3-1', 'tomorrow', '2026-13-01T00:00:00Z']) {
      expect(message(value), value).to.equal('validation.expiry.format');
    }
  });
});

describe('avatar rule', () => {
  it('accepts JPG, JPEG, PNG and GIF images up to 1 MB', () => {
    expect(checkAvatarFile({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).to.equal(null);
    expect(checkAvatarFile({ name: 'me.JPEG', type: 'image/jpeg', size: AVATAR_MAX_BYTES })).to.equal(null);
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 1 })).to.equal(null);
    expect(checkAvatarFile({ name: 'me.gif', type: '', size: 1 })).to.equal(null);
    expect(checkAvatarFile(new File(['x'], 'me.png', { type: 'image/png' }))).to.equal(null);
  });

  it('refuses other formats', () => {
    expect(checkAvatarFile({ name: 'me.webp', type: 'image/webp', size: 10 })).to.equal('validation.avatar.type');
    expect(checkAvatarFile({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).to.equal('validation.avatar.type');
    expect(checkAvatarFile({ name: 'me.png', type: 'text/html', size: 10 })).to.equal('validation.avatar.type');
    expect(checkAvatarFile({ name: 'png', type: 'image/png', size: 10 })).to.equal('validation.avatar.type');
  });

  it('refuses files over 1 MB', () => {
    expect(checkAvatarFile({ name: 'big.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).to.equal(
      'validation.avatar.size',
    );
  });
});

describe('login and language rules', () => {
  it('needs both the account and the password', () => {
    expect(validate(loginSchema, { username: 'dev', password: 'x' }).ok).to.equal(true);
    expect(validate(loginSchema, { username: ' ', password: '' })).to.deep.equal({
      ok: false,
      issues: [
        { path: 'username', messageKey: 'validation.login.accountRequired' },
        { path: 'password', messageKey: 'validation.login.passwordRequired' },
      ],
    });
    expect(validate(loginSchema, {})).to.deep.equal({
      ok: false,
      issues: [
        { path: 'username', messageKey: 'validation.login.accountRequired' },
        { path: 'password', messageKey: 'validation.login.passwordRequired' },
      ],
    });
  });

  it('accepts only the two interface languages', () => {
    expect(validate(languageSchema, 'zh_CN').ok).to.equal(true);
    expect(validate(languageSchema, 'en_US').ok).to.equal(true);
    expect(validate(languageSchema, 'fr_FR')).to.deep.equal({
      ok: false,
      issues: [{ path: '', messageKey: 'validation.language.invalid' }],
    });
  });
});

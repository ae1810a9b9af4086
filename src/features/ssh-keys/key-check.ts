/**
 * The messages of the SSH key form: the shared §5 rules (`src/core/validation/rules.ts`), plus what
 * only a full parse of the key blob finds. Each returns a message key (with its parameters) or
 * undefined; the form translates.
 */
import type { MessageKey, MessageParams, Translate } from '../../core/i18n/index';
import { makeExpirySchema } from '../../core/validation/expiry';
import { sshKeySchema, sshPublicKeySchema } from '../../core/validation/ssh';
import { validate } from '../../core/validation/validate';
import { parsePublicKey } from './fingerprint';
import type { KeyProblem } from './fingerprint';

export interface FormMessage {
  key: MessageKey;
  params?: MessageParams;
}

const PROBLEM_KEYS: Record<Exclude<KeyProblem, 'rsa-too-short'>, MessageKey> = {
  empty: 'validation.ssh.keyRequired',
  private: 'validation.ssh.privateKey',
  type: 'validation.ssh.type',
  format: 'validation.ssh.format',
};

/** The first problem of a pasted key: the shared rule first, then what only a full parse of the
 * blob finds (a truncated blob, an RSA modulus under 2048 bits).
 * @example checkPublicKey(rsa1024Line) // { key: 'ssh.validation.rsaTooShort', params: { bits: 1024 } } */
export function checkPublicKey(text: string): FormMessage | undefined {
  const rule = validate(sshPublicKeySchema, text);
  if (!rule.ok) return { key: rule.issues[0]?.messageKey ?? 'validation.ssh.format' };
  const parsed = parsePublicKey(text);
  if (parsed.ok) return undefined;
  if (parsed.problem === 'rsa-too-short') {
    return { key: 'ssh.validation.rsaTooShort', params: { bits: parsed.bits ?? 0 } };
  }
  return { key: PROBLEM_KEYS[parsed.problem] };
}

/** The title: required, at most 255 characters. */
export function titleProblem(title: string): FormMessage | undefined {
  const result = validate(sshKeySchema, { title, key: 'ignored' });
  const issue = result.ok ? undefined : result.issues.find((i) => i.path === 'title');
  return issue && { key: issue.messageKey };
}

const expirySchema = makeExpirySchema();

/** A chosen expiry day: required (when the key is to expire), real, not in the past. */
export function expiryProblem(day: string): FormMessage | undefined {
  const result = validate(expirySchema, day);
  return result.ok ? undefined : { key: result.issues[0]?.messageKey ?? 'validation.expiry.required' };
}

export const say = (t: Translate, message: FormMessage | undefined) => message && t(message.key, message.params);

/**
 * Runs the rules of §5 (./rules) and turns valibot's issues into message keys, one per field.
 * On its own, small, so every page has it without any feature's schemas.
 */
import * as v from 'valibot';
import type { MessageKey } from '../i18n/index';

/** The message keys the rules can report. */
export type ValidationMessageKey = Extract<MessageKey, `validation.${string}`>;

/** Types a literal as a message key, so a typo in a rule fails to compile. */
export const k = (key: ValidationMessageKey): ValidationMessageKey => key;

export const blank = (s: string) => s.trim().length === 0;
/** Not empty once trimmed. */
export const filled = (message: ValidationMessageKey) => v.check((s: string) => !blank(s), message);
/** What shows nothing: whitespace, format characters (Unicode Cf: zero-width spaces and joiners,
 * U+2060, the byte order mark, direction marks), the other default-ignorable code points (the
 * Hangul fillers, variation selectors) and the braille blank. The server checks names with the
 * same schemas, so the form refuses what the server would. */
const INVISIBLE = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Whether a text shows anything: a name made only of invisible characters would be a blank row
 * in a list.
 * @example showsSomething('\u200B \u3164') // false
 * @example showsSomething('ci\u200Btoken') // true */
export const showsSomething = (s: string): boolean => s.replace(INVISIBLE, '') !== '';
/** Shows something: neither empty, nor blank, nor made only of invisible characters; a name's
 * "required" message covers all three. */
export const visible = (message: ValidationMessageKey) => v.check(showsSomething, message);
/** Length in user-visible code points, so an emoji counts once. */
export const chars = (s: string) => [...s].length;

/** One problem found: where (dot path, '' for the value itself) and what (a message key). */
export interface ValidationIssue {
  path: string;
  messageKey: ValidationMessageKey;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** Runs a schema and reports the first problem of each field, so a form shows one message per field.
 * @example validate(codeSchema, '12a456') // { ok: false, issues: [{ path: '', messageKey: 'validation.code.invalid' }] } */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const messageKey = issue.message.startsWith('validation.')
      ? (issue.message as ValidationMessageKey)
      : k('validation.invalidType');
    issues.push({ path, messageKey });
  }
  return { ok: false, issues };
}

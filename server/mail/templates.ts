/**
 * Mail templates in both languages. Each renders a subject, a plain-text body and an HTML body
 * from the same sentences (in server/i18n.ts); every value is escaped in the HTML.
 */
import type { MessageParams } from '../../src/core/i18n/index';
import { flavourOf } from '../../src/core/flavours';
import type { Flavour, Locale } from '../../src/core/settings';
import { serverTranslator } from '../i18n';
import type { ServerMessageKey } from '../i18n';
import type { Mail } from './mailer';

/** The mails the server can send, with the values each needs. */
export interface MailTemplates {
  /** Sign-in security check (§8 "account has security risks"). */
  loginCode: { code: string; minutes: number };
  /** Email binding: the activation link. */
  verifyEmail: { link: string; hours: number };
  /** Forgot password: the code of step 2. */
  passwordReset: { code: string; minutes: number };
  /** Security notice after a password change (Profile issue). */
  passwordChanged: { username: string; time: string };
  /** Security notice to the old address after an email change was verified. */
  emailChanged: { email: string; time: string };
}

/**
 * The line before the signature. A notice of something already done has none: it is not
 * something the reader can ignore. A sign-in code is mailed only after the right password, so
 * an unasked one means someone else knows it: ignoring that mail would be the wrong advice.
 * Any other request (a reset code, an activation link) may be someone's typo, and can be ignored.
 */
const CLOSINGS: Record<keyof MailTemplates, ServerMessageKey | null> = {
  loginCode: 'mail.loginCode.notYou',
  verifyEmail: 'mail.ignore',
  passwordReset: 'mail.ignore',
  passwordChanged: null,
  emailChanged: null,
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Renders one template for one recipient. */
export function renderMail<K extends keyof MailTemplates>(
  template: K,
  values: MailTemplates[K],
  recipient: { to: string; name: string; locale: Locale; flavour: Flavour },
): Mail {
  const t = serverTranslator(recipient.locale);
  const system = t(flavourOf(recipient.flavour).systemNameKey);
  const params: MessageParams = { ...values, system, name: recipient.name };
  const key = (part: 'subject' | 'body') => `mail.${template}.${part}` as ServerMessageKey;
  const closing = CLOSINGS[template];
  const parts: ServerMessageKey[] = ['mail.greeting', key('body'), ...(closing ? [closing] : []), 'mail.signature'];
  const lines = parts.map((part) => t(part, params));
  // In HTML every value is escaped, and a link becomes a real link.
  const escaped: MessageParams = Object.fromEntries(
    Object.entries(params).map(([k, v]) => {
      const safe = escapeHtml(String(v));
      return [k, k === 'link' ? `<a href="${safe}">${safe}</a>` : safe];
    }),
  );
  const htmlLines = parts.map((part) => t(part, escaped).replaceAll('\n', '<br>'));
  return {
    to: recipient.to,
    subject: t(key('subject'), params),
    text: lines.join('\n\n') + '\n',
    html:
      `<!doctype html><html lang="${recipient.locale === 'zh_CN' ? 'zh-CN' : 'en'}"><body>` +
      htmlLines.map((l) => `<p>${l}</p>`).join('') +
      '</body></html>',
  };
}

/**
 * Message content is HTML written by other apps, and so untrusted. It is shown only after
 * DOMPurify has reduced it to an allow-list: a few text tags, no scripts, event handlers, styles,
 * forms, frames, SVG or MathML; the only attribute is `href`, and only `https:` and `mailto:`
 * links survive, opened with `target="_blank" rel="noopener noreferrer"`.
 *
 * Trusted Types: a host page may enforce them (`require-trusted-types-for 'script'`). One named
 * policy, `yx-message-content`, is created once per window (never `default`); the host lists it
 * in its `trusted-types` directive. The policy only signs HTML while this module is sanitising
 * (DOMPurify's own parse into an inert document, and its clean output); any other call throws,
 * so the policy cannot be used to bless arbitrary markup. Where Trusted Types do not exist the
 * result is a plain sanitised string. Where the policy cannot be created (the host's directive
 * does not name it) the content falls back to plain text, which needs no policy.
 *
 * This module and DOMPurify load on demand, only for opened messages with markup (content.ts).
 */
import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import type { TrustedHTML, TrustedTypePolicyFactory } from 'trusted-types/lib';
import { devWarn } from '../../core/settings';
import { plainText } from './content';

/** The Trusted Types policy name hosts allow: `trusted-types yx-message-content`. */
export const MESSAGE_POLICY = 'yx-message-content';

export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'blockquote',
] as const;
export const ALLOWED_PROTOCOLS = ['https:', 'mailto:'] as const;

/** Sanitised content: HTML (a string, or TrustedHTML where Trusted Types exist) or plain text. */
export type SafeContent = { kind: 'html'; html: string | TrustedHTML } | { kind: 'text'; text: string };

export type Sanitizer = (dirty: string) => SafeContent;

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // The hook below decides by the parsed URL; this is the first gate.
  ALLOWED_URI_REGEXP: /^(?:https:|mailto:)/i,
  // What defuseStyles() made of <style>: removed with its content, as DOMPurify does for <style>.
  ADD_FORBID_CONTENTS: ['yx-style'],
};

/** Whether a link target is an absolute https: or mailto: URL (relative and other schemes are not). */
export function isAllowedHref(href: string): boolean {
  try {
    return (ALLOWED_PROTOCOLS as readonly string[]).includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/** DOMPurify hook: drop any other link, and open the rest in a new browsing context without
 * giving it `window.opener` or a referrer. */
function enforceLinks(node: Element): void {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (href !== null && !isAllowedHref(href)) node.removeAttribute('href');
  if (node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
    node.removeAttribute('rel');
  }
}

/** Chromium checks the page's CSP the moment it parses an `on…` attribute, even into
 * DOMPurify's inert document, and reports a `script-src-attr` violation to the host for a handler
 * that was never going to run. Renaming such attributes inside tags before parsing avoids that;
 * DOMPurify then drops whatever they became (only `href` is allowed). A tag this misses (a `>`
 * inside a quoted value) costs at most a report, never a script. */
export function defuseEventHandlers(dirty: string): string {
  return dirty.replace(/<[a-z][^>]*(?:>|$)/gi, (tag) => tag.replace(/([\s"'/])(on[a-z]+\s*=)/gi, '$1data-yx-$2'));
}

/** The same for inline styles: Chromium reports a `style-src` violation when it parses a
 * `<style>` element or a `style` attribute, in an inert document too. Style elements become
 * `<yx-style>`, which DOMPurify drops with its content (`ADD_FORBID_CONTENTS`, so the CSS never
 * shows as words); style attributes become `data-yx-style`, which it drops as not allowed. */
export function defuseStyles(dirty: string): string {
  return dirty
    .replace(/<(\/?)style\b/gi, '<$1yx-style')
    .replace(/<[a-z][^>]*(?:>|$)/gi, (tag) => tag.replace(/([\s"'/])(style\s*=)/gi, '$1data-yx-$2'));
}

/** Everything the page's CSP would report while DOMPurify parses `dirty`, made inert first. */
const defuse = (dirty: string) => defuseStyles(defuseEventHandlers(dirty));

type TrustedTypesWindow = Window & typeof globalThis & { trustedTypes?: TrustedTypePolicyFactory };

/** A sanitiser bound to one window. Creates the `yx-message-content` policy when the window has
 * Trusted Types; pass `trustedTypes: null` to pretend it has none.
 * Prefer {@link sanitizeMessage}: policies are created once per window. */
export function createSanitizer(
  win: TrustedTypesWindow = window as TrustedTypesWindow,
  trustedTypes: TrustedTypePolicyFactory | null | undefined = win.trustedTypes,
): Sanitizer {
  const purify: Purifier = DOMPurify(win);
  purify.addHook('afterSanitizeAttributes', enforceLinks);

  let signing = 0;
  const sign = (html: string) => {
    if (signing === 0) throw new TypeError(`[yx] ${MESSAGE_POLICY} only signs HTML it has sanitised itself.`);
    return html;
  };
  let policy: ReturnType<TrustedTypePolicyFactory['createPolicy']> | null = null;
  let textOnly = false;
  if (trustedTypes) {
    try {
      policy = trustedTypes.createPolicy(MESSAGE_POLICY, {
        createHTML: sign,
        // DOMPurify requires the hook; no allowed tag has a script URL, so it is never used.
        createScriptURL: () => '',
      });
    } catch {
      textOnly = true;
      devWarn(
        `[yx] Trusted Types: the "${MESSAGE_POLICY}" policy could not be created, so messages are shown as ` +
          `plain text. Add it to the page's CSP: trusted-types ${MESSAGE_POLICY}`,
      );
    }
  }

  const cache = new Map<string, SafeContent>();
  return (dirty) => {
    const cached = cache.get(dirty);
    if (cached) return cached;
    let result: SafeContent;
    if (textOnly) {
      result = { kind: 'text', text: plainText(dirty) };
    } else if (policy) {
      signing++;
      try {
        const html = purify.sanitize(defuse(dirty), {
          ...CONFIG,
          TRUSTED_TYPES_POLICY: policy as never,
          RETURN_TRUSTED_TYPE: true,
        }) as unknown as TrustedHTML;
        result = { kind: 'html', html };
      } finally {
        signing--;
      }
    } else {
      result = {
        kind: 'html',
        html: purify.sanitize(defuse(dirty), { ...CONFIG, TRUSTED_TYPES_POLICY: null as never }),
      };
    }
    // Rows come and go while scrolling: remember recent results, within bounds.
    if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
    cache.set(dirty, result);
    return result;
  };
}

/** Shared by every copy of this module on the page (two element bundles), so the named policy is
 * created once per window even under a CSP without `'allow-duplicates'`. */
const SHARED = Symbol.for('yx.notifications.messageSanitizer.v1');

/** Sanitises message content for this window, creating the policy on first use.
 * @example <div dangerouslySetInnerHTML={{ __html: content.html }} /> when `content.kind === 'html'` */
export function sanitizeMessage(dirty: string): SafeContent {
  const holder = window as unknown as Record<symbol, Sanitizer | undefined>;
  const sanitizer = (holder[SHARED] ??= createSanitizer());
  return sanitizer(dirty);
}

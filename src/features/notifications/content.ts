/**
 * Message content in the list: a closed row's two-line preview is the content's words as plain
 * text, which React renders as text and so needs no sanitiser; only an opened message with
 * markup shows HTML, sanitised by DOMPurify (sanitize.ts). DOMPurify is ~12 KB gzip, so it is
 * loaded on demand (issue 12): in the background once the list holds a message with markup, and
 * at the latest when such a message is opened, which waits for it rather than showing the words
 * first and the formatted message a moment later (docs/performance.md, "Bundle notes").
 */
import type { Sanitizer } from './sanitize';

/** Whether content needs the sanitiser to be shown as written (tags or character references).
 * Anything else is plain words and is shown as they are, open or closed. */
export const hasMarkup = (content: string): boolean => /[<&]/.test(content);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The character a reference stands for; unknown names and invalid code points are dropped. */
function decodeReference(name: string): string {
  if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? '';
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : '';
}

/** The words of the content without any markup: the preview of a closed message, and the text of
 * an opened one where HTML cannot be shown. React renders the result as text, so nothing in it is
 * ever parsed. */
export function plainText(dirty: string): string {
  return (
    dirty
      .replace(/<(script|style|template|iframe|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      // Inline tags join their words ('<b>3</b>.4' is '3.4'); any other tag separates them.
      .replace(/<\/?(?:a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)(?:\s[^>]*)?>/gi, '')
      .replace(/<[^>]*>?/g, ' ')
      .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,6});/gi, (_, name: string) => decodeReference(name))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

let sanitizer: Sanitizer | undefined;
let loading: Promise<Sanitizer> | undefined;

/** The sanitiser if it has been loaded, else undefined (rows then show plain words). */
export const loadedSanitizer = (): Sanitizer | undefined => sanitizer;

/** Loads DOMPurify and the sanitiser once; a failed load is tried again on the next call. */
export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import('./sanitize').then(
    (module) => (sanitizer = module.sanitizeMessage),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

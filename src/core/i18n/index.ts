import type { Locale } from '../settings';
import { zh_CN } from './zh_CN';
import { en_US } from './en_US';

export type MessageKey = keyof typeof zh_CN;
export type MessageParams = Record<string, string | number>;
/** Translates a key; `{name}` placeholders are filled from params. An unknown key returns itself. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const catalogues: Record<Locale, Record<MessageKey, string>> = { zh_CN, en_US };

export function createTranslator(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, params) => {
    const text: string = catalogue[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

/**
 * What every component inside an element may use: its host and shadow root, the page settings
 * in force, the language, the HTTP clients bound to the element's lifetime, and `emit`.
 * Provided by `defineElement`; read with {@link useElement} / {@link useT}.
 */
import { createContext, use, useContext } from 'react';
import type { ComponentType } from 'react';
import type { HttpClient } from '../core/http';
import type { Locale, PageSettings } from '../core/settings';
import type { Translate } from '../core/i18n/index';
import { createTranslator, hasStrings, resolveLocale, stringsReady } from '../core/i18n/index';
import type { Part } from '../core/i18n/parts';
import { readable } from './lazy';
import type { FlavourConfig } from '../core/flavours';
import { flavourOf } from '../core/flavours';
import type { EmitOptions, YxEventDetailMap, YxEventType } from '../core/events';

export interface ElementApi {
  /** The custom element itself. */
  host: HTMLElement;
  /** Its open shadow root: every portal (dialogs, toasts) renders here. */
  root: ShadowRoot;
  settings: PageSettings;
  locale: Locale;
  t: Translate;
  flavour: FlavourConfig;
  /** The general client (§7), aborted when the element is removed. */
  http: HttpClient;
  /** The UI-less client (§7), aborted when the element is removed. */
  uiless: HttpClient;
  /** Aborts when the element is removed from the page. */
  signal: AbortSignal;
  /** Dispatches a `yx-*` event from the host; false when the host cancelled it. */
  emit<K extends YxEventType>(type: K, detail: YxEventDetailMap[K], options?: EmitOptions): boolean;
}

export const ElementContext = createContext<ElementApi | null>(null);

/** The element this component renders in. Throws when used outside `defineElement`. */
export function useElement(): ElementApi {
  const api = useContext(ElementContext);
  if (!api) throw new Error('[yx] useElement() must be used inside a component wrapped by defineElement().');
  return api;
}

let fallback: { locale: Locale; t: Translate } | undefined;

/** The translator of the element in force; outside an element, one for the §4 locale rules. */
export function useT(): Translate {
  const api = useContext(ElementContext);
  if (api) return api.t;
  const locale = resolveLocale({ deploymentDefault: flavourOf(undefined).defaultLocale });
  if (fallback?.locale !== locale) fallback = { locale, t: createTranslator(locale) };
  return fallback.t;
}

/** Suspends until these message parts are in for the element's language (at once outside the
 * element bundles, where every message is). For views loaded on demand whose messages the
 * element's first screen does not need (src/core/i18n/parts.ts), e.g. a form's checks. */
export function useParts(parts: readonly Part[]): void {
  const { locale } = useElement();
  // Called on every render (React requires it once it has suspended here); the promise is
  // marked as it settles, so `use` returns at once when the parts are in.
  use(hasStrings(locale, parts) ? IN : readableOnce(stringsReady(locale, parts)));
}

const IN = readable(Promise.resolve());
const marked = new WeakSet<Promise<void>>();
const readableOnce = (promise: Promise<void>) => {
  if (!marked.has(promise)) {
    marked.add(promise);
    readable(promise);
  }
  return promise;
};

/** `Component` rendered once the message parts are in (see {@link useParts}); for `lazy()`.
 * @example const TokenDrawer = lazy(() => import('./TokenDrawer').then((m) => ({ default: withParts(m.TokenDrawer, ['validation']) }))); */
export function withParts<P extends object>(Component: ComponentType<P>, parts: readonly Part[]): ComponentType<P> {
  function WithParts(props: P) {
    useParts(parts);
    return <Component {...props} />;
  }
  return WithParts;
}

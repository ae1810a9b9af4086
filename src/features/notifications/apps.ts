/**
 * The app catalogue (names and logos) for the centre's filter, empty states and rows. The
 * centre's first screen does not need it (no app is known before the first answers), so it loads
 * with the list, in parallel with the first page of messages (MessageCentre).
 */
import type * as CatalogueModule from '../../core/catalogue';
import type { Locale } from '../../core/settings';

export type Catalogue = typeof CatalogueModule;

let catalogue: Catalogue | undefined;
let loading: Promise<Catalogue> | undefined;

/** The catalogue once loaded, else undefined. */
export const loadedCatalogue = (): Catalogue | undefined => catalogue;

/** Loads the catalogue once; a failed load is tried again on the next call. */
export function loadCatalogue(): Promise<Catalogue> {
  loading ??= import('../../core/catalogue').then(
    (module) => (catalogue = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The app's catalogue name in the user's language, or its id for apps the catalogue lacks (or
 * before it has loaded). */
export function appLabel(app: string, locale: Locale): string {
  const entry = catalogue?.getApp(app);
  return entry && catalogue ? catalogue.appName(entry, locale) : app;
}

/** Strings of the shared UI primitives (src/ui), in both languages. Merged into the catalogues. */
import { controlsEn, controlsZh } from './ui-controls';
import { overlaysEn, overlaysZh } from './ui-overlays';

export const uiZh = {
  ...overlaysZh,
  ...controlsZh,
} as const;

export const uiEn: Record<keyof typeof uiZh, string> = {
  ...overlaysEn,
  ...controlsEn,
};

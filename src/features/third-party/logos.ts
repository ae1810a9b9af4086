/**
 * Small glyphs of our own for the providers: a rounded tile and a simple mark, drawn for this
 * element (no provider artwork). Colours come from the stylesheet (`data-provider`), so hosts can
 * restyle them and no style attribute is needed.
 */
import type { ProviderId } from './api';

export interface ProviderGlyph {
  /** Path data of the mark, drawn on a 24 × 24 tile. */
  mark: string;
}

export const LOGOS: Record<ProviderId, ProviderGlyph> = {
  // A wing sweeping up into a spark: "ding", a ping.
  dingtalk: { mark: 'M6 9.2 18 6l-3.4 4.6h3L9.8 18.5l1.7-5.3H8.4l1.2-2.4z' },
  // A small songbird with an eye (the eye is a hole: the mark is filled even-odd).
  lark: {
    mark: 'M4 14c2.5 0 4-1.5 5.5-3.5C11 8.5 13 7 15.5 7c1.6 0 2.8.8 3.3 1.8l1.7.4-1.6 1c-.2 3.8-3.3 6.8-7.4 6.8H8.5L5.5 19l.9-3.3C5.2 15.3 4.4 14.8 4 14zM16 9.2a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6z',
  },
};

import { sheet } from './sheet';
import { tokensCss } from './tokens';
import { baseCss } from './base';
import { buttonCss } from './button';
import { overlaysCss } from './overlays';
import { controlsCss } from './controls';
import { dataCss } from './data';

/** The sheets every element adopts before its feature's own: tokens, then the shared UI. */
export function sharedSheets(): CSSStyleSheet[] {
  return [sheet(tokensCss), sheet(baseCss + buttonCss + overlaysCss + controlsCss + dataCss)];
}

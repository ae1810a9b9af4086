import { sheet } from './sheet';
import { tokensCss } from './tokens';
import { baseCss } from './base';
import { buttonCss } from './button';
import { controlsCss } from './controls';
import { statusCss } from './status';

/** The sheets every element adopts before its feature's own: tokens, then the shared UI that
 * any screen may use (buttons, fields, loading and result states). Trees, tables, pagination,
 * tabs and dialogs adopt their own sheets when they render (./use-styles). */
export function sharedSheets(): CSSStyleSheet[] {
  return [sheet(tokensCss), sheet(baseCss + buttonCss + controlsCss + statusCss)];
}

import { sheet } from './sheet';
import { tokensCss } from './tokens';
import { baseCss } from './base';
import { buttonCss } from './button';
import { statusCss } from './status';

/** The sheets every element adopts before its feature's own: tokens, then the shared UI that
 * any screen may use (buttons, loading and result states). Form fields and controls, trees,
 * tables, pagination, tabs and dialogs adopt their own sheets when they render (./use-styles). */
export function sharedSheets(): CSSStyleSheet[] {
  return [sheet(tokensCss), sheet(baseCss + buttonCss + statusCss)];
}

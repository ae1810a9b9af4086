/**
 * Styles a component brings along: its sheet is adopted into the element's shadow root when the
 * component first renders there, so pages without tables, trees, tabs or dialogs do not download
 * or apply their CSS.
 */
import { useContext, useInsertionEffect } from 'react';
import { ElementContext } from '../context';
import { adoptSheet } from './sheet';

/** Adopts `cssText` into the element's shadow root before the component's first paint. */
export function useStyles(cssText: string): void {
  const root = useContext(ElementContext)?.root;
  useInsertionEffect(() => {
    if (root) adoptSheet(root, cssText);
  }, [root, cssText]);
}

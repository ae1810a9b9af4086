import { css } from './sheet';

/** Styles of Drawer, Confirm, Modal and Tabs. */
export const overlaysCss = css``;

/** The side drawer used for create / edit forms (tokens, SSH keys, …). */
import { DialogSurface } from './Modal';
import type { DialogBaseProps } from './Modal';

export type DrawerProps = DialogBaseProps;

/** A modal panel docked to the right of the viewport, `--yx-drawer-width` wide (640px; full width
 * below 700px), rendered in the element's own shadow root. Focus moves to the first field of the
 * body, Tab / Shift+Tab stay inside, Escape, an outside click or the labelled × close it, and
 * focus returns to the element that opened it. `part="drawer"` (plus `drawer-header`,
 * `drawer-title`, `drawer-body`, `drawer-footer`, `close-button`, `overlay`),
 * `data-state="open|closed"`.
 * @example
 * <Drawer open={open} onOpenChange={setOpen} title={t('tokens.form.createTitle')}
 *   footer={<><Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
 *            <Button variant="primary" type="submit" form="token-form">{t('common.ok')}</Button></>}>
 *   <form id="token-form">…</form>
 * </Drawer> */
export function Drawer(props: DrawerProps) {
  return <DialogSurface kind="drawer" {...props} />;
}

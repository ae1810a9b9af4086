/** Strings of the dialogs, drawer and tabs (src/ui), in both languages. Cancel / OK reuse
 * `common.cancel` / `common.ok`. */
export const overlaysZh = {
  'ui.dialog.close': '关闭',
  'ui.confirm.busy': '正在处理，请稍候…',
} as const;

export const overlaysEn: Record<keyof typeof overlaysZh, string> = {
  'ui.dialog.close': 'Close',
  'ui.confirm.busy': 'Working, please wait…',
};

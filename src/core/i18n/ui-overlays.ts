/** Strings of the dialogs, drawer and tabs (src/ui), in both languages. */
export const overlaysZh = {} as const;

export const overlaysEn: Record<keyof typeof overlaysZh, string> = {};

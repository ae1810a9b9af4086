/** Strings of the notifications feature, in both languages. Merged into the catalogues. */
export const notificationsZh = {} as const;

export const notificationsEn: Record<keyof typeof notificationsZh, string> = {};

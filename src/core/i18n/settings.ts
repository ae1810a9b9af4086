/** Strings of the settings feature, in both languages. Merged into the catalogues. */
export const settingsZh = {} as const;

export const settingsEn: Record<keyof typeof settingsZh, string> = {};

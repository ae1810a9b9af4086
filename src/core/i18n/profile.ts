/** Strings of the profile feature, in both languages. Merged into the catalogues. */
export const profileZh = {} as const;

export const profileEn: Record<keyof typeof profileZh, string> = {};

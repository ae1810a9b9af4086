/** Strings of the packages feature, in both languages. Merged into the catalogues. */
export const packagesZh = {} as const;

export const packagesEn: Record<keyof typeof packagesZh, string> = {};

/** Strings of the form controls, table, pagination, tree and results (src/ui), in both languages. */
export const controlsZh = {} as const;

export const controlsEn: Record<keyof typeof controlsZh, string> = {};

/** Strings of the settings feature, in both languages. Merged into the catalogues. */
export const zh = {
  'settings.nav.label': '个人设置菜单',
  'settings.sidebar.toggle': '侧边栏',
  'settings.sidebar.resize': '调整侧边栏宽度',
  'settings.home': '重新加载个人设置',
  'settings.help.newTab': '（在新标签页中打开）',
  'settings.section.loading': '正在加载“{section}”',
  'settings.section.loadFailed': '“{section}”加载失败',
  'settings.section.loadFailedHint': '请检查网络后重试',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'settings.nav.label': 'Personal settings menu',
  'settings.sidebar.toggle': 'Sidebar',
  'settings.sidebar.resize': 'Resize the sidebar',
  'settings.home': 'Reload Personal Settings',
  'settings.help.newTab': '(opens in a new tab)',
  'settings.section.loading': 'Loading {section}',
  'settings.section.loadFailed': '{section} could not be loaded',
  'settings.section.loadFailedHint': 'Check your network and try again',
};

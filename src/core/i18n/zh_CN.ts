import { uiZh } from './ui';

/** Simplified Chinese catalogue. Keys are shared with en_US.ts (a test proves parity). */
export const zh_CN = {
  ...uiZh,
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.retry': '重试',
  'common.reload': '重新加载',
  'common.loading': '加载中…',
} as const;

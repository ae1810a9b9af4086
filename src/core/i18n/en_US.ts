import type { MessageKey } from './index';
import { uiEn } from './ui';

/** English (US) catalogue: every key of zh_CN.ts, no more and no fewer. */
export const en_US: Record<MessageKey, string> = {
  ...uiEn,
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.retry': 'Retry',
  'common.reload': 'Reload',
  'common.loading': 'Loading…',
};

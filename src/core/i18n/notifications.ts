/** Strings of the notifications feature, in both languages. Merged into the catalogues. The tab,
 * filter and bulk action names are the page's own (`page.notifications.*`); the §8 failures are
 * `error.markReadFailed`, `error.clearReadFailed` and `error.deleteFailed`. */
export const zh = {
  'notifications.tabs.label': '消息范围',
  'notifications.filter.label': '按应用筛选',
  'notifications.filter.unread': '{count} 条未读',
  'notifications.filter.unreadSuffix': '条未读',

  'notifications.list.label': '消息列表',
  'notifications.list.keyboardHint': '用上下方向键在消息之间移动，按 Enter 展开消息。',
  'notifications.list.loadFailed': '消息加载失败',
  'notifications.list.moreFailed': '更多消息加载失败',
  'notifications.list.loadingMore': '正在加载更多消息…',
  'notifications.list.end': '没有更多消息了',
  'notifications.live.newMessage': '新消息：{title}',

  'notifications.message.unread': '未读',
  'notifications.message.sensitive': '敏感操作',
  'notifications.action.markRead': '标为已读',
  'notifications.action.markReadNamed': '标为已读：“{title}”',
  'notifications.action.delete': '删除',
  'notifications.action.deleteNamed': '删除“{title}”',

  'notifications.empty.all': '暂无消息',
  'notifications.empty.unread': '没有未读消息',
  'notifications.empty.appAll': '{app}暂无消息',
  'notifications.empty.appUnread': '{app}没有未读消息',
  'notifications.empty.allHint': '各应用发给您的通知会显示在这里。',
  'notifications.empty.unreadHint': '所有消息都已读完。',

  'notifications.clear.title': '清空所有已读消息？',
  'notifications.clear.titleApp': '清空{app}的所有已读消息？',
  'notifications.clear.message': '已读消息将被永久删除，无法恢复。',
  'notifications.clear.confirm': '清空',
  'notifications.delete.title': '删除“{title}”？',
  'notifications.delete.message': '消息删除后无法恢复。',

  'notifications.success.markedAllRead': '已全部标为已读',
  'notifications.success.cleared': '已清空已读消息',
  'notifications.failure': '{message}：{reason}',
  'notifications.error.notFound': '该消息已不存在，请刷新列表。',
  'notifications.info.gone': '消息“{title}”已在其他页面或设备上删除，现已从列表中移除。',

  'notifications.badge.label': '消息',
  'notifications.badge.labelUnread': '消息，{count} 条未读',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'notifications.tabs.label': 'Messages to show',
  'notifications.filter.label': 'Filter by app',
  'notifications.filter.unread': '{count} unread',
  'notifications.filter.unreadSuffix': 'unread',

  'notifications.list.label': 'Messages',
  'notifications.list.keyboardHint': 'Use the Up and Down arrow keys to move between messages and Enter to open one.',
  'notifications.list.loadFailed': 'Messages could not be loaded',
  'notifications.list.moreFailed': 'More messages could not be loaded',
  'notifications.list.loadingMore': 'Loading more messages…',
  'notifications.list.end': 'No more messages',
  'notifications.live.newMessage': 'New message: {title}',

  'notifications.message.unread': 'Unread',
  'notifications.message.sensitive': 'Sensitive operation',
  'notifications.action.markRead': 'Mark as read',
  'notifications.action.markReadNamed': 'Mark as read: “{title}”',
  'notifications.action.delete': 'Delete',
  'notifications.action.deleteNamed': 'Delete “{title}”',

  'notifications.empty.all': 'No messages',
  'notifications.empty.unread': 'No unread messages',
  'notifications.empty.appAll': 'No messages from {app}',
  'notifications.empty.appUnread': 'No unread messages from {app}',
  'notifications.empty.allHint': 'Notifications from the suite’s apps appear here.',
  'notifications.empty.unreadHint': 'You have read everything.',

  'notifications.clear.title': 'Clear all read messages?',
  'notifications.clear.titleApp': 'Clear all read messages from {app}?',
  'notifications.clear.message': 'Read messages are deleted permanently. This cannot be undone.',
  'notifications.clear.confirm': 'Clear',
  'notifications.delete.title': 'Delete “{title}”?',
  'notifications.delete.message': 'Deleted messages cannot be recovered.',

  'notifications.success.markedAllRead': 'All messages marked as read',
  'notifications.success.cleared': 'Read messages cleared',
  'notifications.failure': '{message}: {reason}',
  'notifications.error.notFound': 'This message no longer exists. Refresh the list.',
  'notifications.info.gone': '“{title}” was deleted elsewhere and has been removed from the list.',

  'notifications.badge.label': 'Messages',
  'notifications.badge.labelUnread': 'Messages, {count} unread',
};

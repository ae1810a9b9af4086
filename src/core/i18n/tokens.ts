/** Strings of the personal access tokens feature, in both languages. Merged into the catalogues. */
export const zh = {
  'tokens.title': '个人访问令牌',
  'tokens.intro': '访问令牌可让脚本和工具代表您调用 API。请只授予所需的权限。',
  'tokens.action.create': '新建令牌',
  'tokens.action.edit': '编辑',
  'tokens.action.editNamed': '编辑令牌“{name}”',
  'tokens.action.delete': '删除',
  'tokens.action.deleteNamed': '删除令牌“{name}”',
  'tokens.action.open': '访问令牌',
  'tokens.action.backToList': '返回访问令牌列表',
  'tokens.action.submitCreate': '创建',
  'tokens.action.submitEdit': '保存',

  'tokens.empty.title': '暂无访问令牌',
  'tokens.empty.description': '新建一个令牌，让脚本和工具访问您的账号。',
  'tokens.list.count': '已有 {count} 个访问令牌',
  // Chinese has no plural: the same sentence. English says "1 … token" (TokenList picks the key).
  'tokens.list.countOne': '已有 {count} 个访问令牌',
  'tokens.list.caption': '个人访问令牌列表',
  'tokens.list.loadFailed': '访问令牌加载失败',
  'tokens.list.includeExpired': '显示已过期的令牌',

  'tokens.column.name': '名称',
  'tokens.column.permissions': '权限',
  'tokens.column.created': '创建时间',
  'tokens.column.expires': '过期时间',
  'tokens.column.lastUsed': '最近使用',
  'tokens.column.actions': '操作',
  'tokens.permissions.count': '已选 {count} 项',
  'tokens.status.expired': '已过期',
  'tokens.status.expiringSoon': '即将过期',
  // §9: an empty date shows a dash; the label says it to screen readers (as ssh.lastUsed.*).
  'tokens.lastUsed.never': '—',
  'tokens.lastUsed.neverLabel': '从未使用',
  'tokens.edit.expiredReason': '已过期的令牌不能编辑，请新建一个令牌。',

  'tokens.form.failure': '{message}：{reason}',

  'tokens.delete.title': '删除令牌“{name}”？',
  'tokens.delete.message': '删除后该令牌将无法再使用，正在使用它的脚本和工具会立即失去访问权限。',

  'tokens.error.expired': '该令牌已过期，不能修改，请新建一个令牌。',
  'tokens.error.notFound': '该令牌已不存在，请刷新列表。',
  'tokens.error.nameTaken': '已存在同名的令牌',
  'tokens.error.scopeNotAllowed': '所选权限中有您无权授予的权限',
  'tokens.error.quota': '令牌数量已达上限，请先删除不再使用的令牌',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'tokens.title': 'Personal access tokens',
  'tokens.intro':
    'Access tokens let scripts and tools call the API on your behalf. Grant only the permissions they need.',
  'tokens.action.create': 'New token',
  'tokens.action.edit': 'Edit',
  'tokens.action.editNamed': 'Edit token “{name}”',
  'tokens.action.delete': 'Delete',
  'tokens.action.deleteNamed': 'Delete token “{name}”',
  'tokens.action.open': 'Access tokens',
  'tokens.action.backToList': 'Back to access tokens',
  'tokens.action.submitCreate': 'Create',
  'tokens.action.submitEdit': 'Save',

  'tokens.empty.title': 'No access token',
  'tokens.empty.description': 'Create a token to let scripts and tools access your account.',
  'tokens.list.count': '{count} existing access tokens',
  'tokens.list.countOne': '{count} existing access token',
  'tokens.list.caption': 'Personal access tokens',
  'tokens.list.loadFailed': 'The access tokens could not be loaded',
  'tokens.list.includeExpired': 'Show expired tokens',

  'tokens.column.name': 'Name',
  'tokens.column.permissions': 'Permissions',
  'tokens.column.created': 'Created',
  'tokens.column.expires': 'Expires',
  'tokens.column.lastUsed': 'Last used',
  'tokens.column.actions': 'Actions',
  'tokens.permissions.count': '{count} selected',
  'tokens.status.expired': 'Expired',
  'tokens.status.expiringSoon': 'About to expire',
  'tokens.lastUsed.never': '—',
  'tokens.lastUsed.neverLabel': 'Never used',
  'tokens.edit.expiredReason': 'Expired tokens cannot be edited. Create a new one.',

  'tokens.form.failure': '{message}: {reason}',

  'tokens.delete.title': 'Delete token “{name}”?',
  'tokens.delete.message':
    'After deletion the token can no longer be used: scripts and tools that use it lose access at once.',

  'tokens.error.expired': 'This token has expired and cannot be modified. Create a new one.',
  'tokens.error.notFound': 'This token no longer exists. Refresh the list.',
  'tokens.error.nameTaken': 'A token with this name already exists',
  'tokens.error.scopeNotAllowed': 'You cannot grant one or more of the selected permissions',
  'tokens.error.quota': 'You have reached the token limit. Delete tokens you no longer use first.',
};

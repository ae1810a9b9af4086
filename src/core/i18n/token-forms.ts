/** Strings of the token forms (the create / edit drawer, the create screen, the scope tree and
 * the new token's value shown once), in both languages: the `token-forms` part, loaded with the
 * forms (withParts in src/features/tokens/TokenManager.tsx), not with the list. Merged into the
 * catalogues. */
export const zh = {
  'tokens.form.createTitle': '新建访问令牌',
  'tokens.form.editTitle': '编辑访问令牌',
  'tokens.form.name': '名称',
  'tokens.form.nameHint': '用于区分令牌的用途，最多 200 个字符。',
  'tokens.form.description': '描述',
  'tokens.form.expiry': '过期时间',
  'tokens.form.scopes': '权限',
  'tokens.form.scopesSelected': '已选择权限：{count} 项',
  'tokens.form.scopesLoading': '正在加载权限…',
  'tokens.form.scopesFailed': '权限加载失败',
  'tokens.scope.read': '读取',
  'tokens.scope.write': '写入',
  'tokens.scope.access': '访问级别：{access}',
  'tokens.scope.notGrantable': '您无权授予此权限',
  'tokens.access.none': '无权限',
  'tokens.access.read': '只读',
  'tokens.access.readWrite': '读写',
  'tokens.secret.title': '请立即保存新令牌“{name}”',
  'tokens.secret.note': '令牌只会显示这一次。请现在复制并妥善保存，离开后将无法再次查看。',
  'tokens.secret.label': '令牌“{name}”的值',
  'tokens.secret.copy': '复制令牌',
  'tokens.secret.copyUnavailable': '当前无法自动复制。请选中令牌手动复制，保存后点击“我已保存”。',
  'tokens.secret.done': '我已保存',
  'tokens.create.doneTitle': '令牌已创建',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'tokens.form.createTitle': 'New access token',
  'tokens.form.editTitle': 'Edit access token',
  'tokens.form.name': 'Name',
  'tokens.form.nameHint': 'What the token is for; up to 200 characters.',
  'tokens.form.description': 'Description',
  'tokens.form.expiry': 'Expiration time',
  'tokens.form.scopes': 'Permissions',
  'tokens.form.scopesSelected': 'Selected permissions: {count}',
  'tokens.form.scopesLoading': 'Loading permissions…',
  'tokens.form.scopesFailed': 'The permissions could not be loaded',
  'tokens.scope.read': 'Read',
  'tokens.scope.write': 'Write',
  'tokens.scope.access': 'Access: {access}',
  'tokens.scope.notGrantable': 'You cannot grant this permission',
  'tokens.access.none': 'No access',
  'tokens.access.read': 'Read-only',
  'tokens.access.readWrite': 'Read and write',
  'tokens.secret.title': 'Save your new token “{name}” now',
  'tokens.secret.note':
    'This is the only time the token is shown. Copy it and keep it somewhere safe: you will not be able to see it again.',
  'tokens.secret.label': 'Value of token “{name}”',
  'tokens.secret.copy': 'Copy token',
  'tokens.secret.copyUnavailable':
    'Copying is not available here. Select the token, copy it yourself, then choose “I have saved it”.',
  'tokens.secret.done': 'I have saved it',
  'tokens.create.doneTitle': 'Token created',
};

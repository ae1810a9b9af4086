/** Strings of the packages feature, in both languages. Merged into the catalogues. */
export const zh = {
  'packages.title': '制品仓库凭证',
  'packages.intro': '在 npm、Maven、Docker 等构建工具中使用此用户名和密码登录制品仓库。',
  'packages.loadFailed': '制品仓库凭证加载失败',
  'packages.permissions': '此凭证可读取或发布的仓库由各仓库管理员设置。',

  'packages.username': '用户名',
  'packages.password': '密码',
  'packages.copy': '复制',
  'packages.copyUsername': '复制用户名',
  'packages.copyPassword': '复制密码',
  'packages.usernameCopied': '用户名已复制',
  'packages.passwordCopied': '密码已复制',
  'packages.copyManual': '当前无法自动复制，内容已选中，请按 Ctrl+C（或 ⌘C）手动复制。',
  'packages.password.hidden': '出于安全考虑，密码不会再次显示。如需新密码，请重置密码。',
  'packages.password.none': '尚未设置密码。您可以重置以生成新密码，或自行设置密码。',

  'packages.secret.title': '请立即保存新密码',
  'packages.secret.note': '新密码只会显示这一次。请现在复制并妥善保存，离开后将无法再次查看。',
  'packages.secret.label': '新密码',
  'packages.secret.show': '显示密码',
  'packages.secret.done': '我已保存',

  'packages.action.reset': '重置密码',
  'packages.action.custom': '自行设置密码',
  'packages.reset.title': '重置制品仓库密码？',
  'packages.reset.message':
    '系统将生成一个新密码并只显示一次。旧密码将在重置 10 秒后失效，请及时更新构建工具中的配置。',
  'packages.reset.messageNew': '系统将生成一个新密码并只显示一次。新密码将在重置 10 秒后生效。',
  'packages.reset.confirm': '重置密码',

  'packages.custom.title': '设置自己的密码',
  'packages.custom.label': '新密码',
  'packages.custom.hint': '至少 8 个字符，包含字母、数字和符号。旧密码将在保存 10 秒后失效。',
  'packages.custom.hintNew': '至少 8 个字符，包含字母、数字和符号。新密码将在保存 10 秒后生效。',
  'packages.custom.submit': '设置密码',
  'packages.custom.saved': '密码已设置',

  'packages.effect.pending': '新密码将在 {seconds} 秒后生效，在此之前旧密码仍可使用。',
  'packages.effect.pendingNew': '新密码将在 {seconds} 秒后生效。',
  'packages.effect.now': '新密码现已生效。',
  'packages.effect.announce': '新密码将在 {seconds} 秒后生效。',

  'packages.failure': '{message}：{reason}',
  'packages.error.resetFailed': '重置失败，请重试',
  'packages.error.setFailed': '设置密码失败，请重试',
  'packages.error.browserOnly': '只能在已登录的浏览器中修改密码',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'packages.title': 'Packages credential',
  'packages.intro':
    'Sign in to the package repositories from npm, Maven, Docker and other build tools with this username and password.',
  'packages.loadFailed': 'Could not load the packages credential',
  'packages.permissions':
    'Which repositories this credential can read from or publish to is set by the administrators of each repository.',

  'packages.username': 'Username',
  'packages.password': 'Password',
  'packages.copy': 'Copy',
  'packages.copyUsername': 'Copy username',
  'packages.copyPassword': 'Copy password',
  'packages.usernameCopied': 'Username copied',
  'packages.passwordCopied': 'Password copied',
  'packages.copyManual': 'Copying is not available here. The text is selected: press Ctrl+C (or ⌘C) to copy it.',
  'packages.password.hidden': 'For your security the password is never shown again. Reset it to get a new one.',
  'packages.password.none': 'No password set yet. Generate one with Reset password, or set your own.',

  'packages.secret.title': 'Save your new password now',
  'packages.secret.note': 'It is shown only this once. Copy it now: once you leave, it cannot be shown again.',
  'packages.secret.label': 'New password',
  'packages.secret.show': 'Show password',
  'packages.secret.done': 'I have saved it',

  'packages.action.reset': 'Reset password',
  'packages.action.custom': 'Set my own password',
  'packages.reset.title': 'Reset the packages password?',
  'packages.reset.message':
    'A new password is generated and shown once. The old password stops working 10 seconds after the reset, so update your build tools right away.',
  'packages.reset.messageNew':
    'A new password is generated and shown once. It starts working 10 seconds after the reset.',
  'packages.reset.confirm': 'Reset password',

  'packages.custom.title': 'Set your own password',
  'packages.custom.label': 'New password',
  'packages.custom.hint':
    'At least 8 characters with a letter, a digit and a symbol. The old password stops working 10 seconds after you save.',
  'packages.custom.hintNew':
    'At least 8 characters with a letter, a digit and a symbol. It starts working 10 seconds after you save.',
  'packages.custom.submit': 'Set password',
  'packages.custom.saved': 'Password set',

  'packages.effect.pending': 'The new password takes effect in {seconds} s. Until then the old password still works.',
  'packages.effect.pendingNew': 'The new password takes effect in {seconds} s.',
  'packages.effect.now': 'The new password is now in effect.',
  'packages.effect.announce': 'The new password takes effect in {seconds} seconds.',

  'packages.failure': '{message}: {reason}',
  'packages.error.resetFailed': 'Reset failed, please retry',
  'packages.error.setFailed': 'Setting the password failed, please retry',
  'packages.error.browserOnly': 'The password can only be changed from a signed-in browser',
};

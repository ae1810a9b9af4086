/** Strings of the profile's password card (`profile.password.*`), in both languages: the
 * `password` part. The card is code loaded on demand, alongside the user's data; its strings load
 * with it (withParts in src/features/profile/Profile.tsx) and right after the profile's first
 * screen (laterPartsOfTag), not before it. Merged into the catalogues. */
export const zh = {
  'profile.password.title': '修改密码',
  'profile.password.setTitle': '设置密码',
  'profile.password.noPasswordHint': '您还没有设置密码。设置后即可使用账号和密码登录。',
  'profile.password.current': '当前密码',
  'profile.password.new': '新密码',
  'profile.password.confirm': '确认新密码',
  'profile.password.show': '显示{field}',
  'profile.password.submit': '修改密码',
  'profile.password.submitSet': '设置密码',
  'profile.password.success': '密码已修改，其他 {count} 处登录已退出',
  // Chinese has no plural: the same sentence. English says "1 … session was" (PasswordSection
  // picks the key).
  'profile.password.successOne': '密码已修改，其他 {count} 处登录已退出',
  // No other session was signed in: nothing to say about them.
  'profile.password.successNone': '密码已修改',
  'profile.password.currentRequired': '请输入当前密码',
  'profile.password.incorrect': '当前密码不正确',
  'profile.password.failed': '修改密码失败',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'profile.password.title': 'Change password',
  'profile.password.setTitle': 'Set a password',
  'profile.password.noPasswordHint':
    'You have not set a password yet. Set one to sign in with your account and password.',
  'profile.password.current': 'Current password',
  'profile.password.new': 'New password',
  'profile.password.confirm': 'Confirm new password',
  'profile.password.show': 'Show {field}',
  'profile.password.submit': 'Change password',
  'profile.password.submitSet': 'Set password',
  'profile.password.success': 'Password changed. {count} other sessions were signed out.',
  'profile.password.successOne': 'Password changed. {count} other session was signed out.',
  'profile.password.successNone': 'Password changed',
  'profile.password.currentRequired': 'Enter your current password',
  'profile.password.incorrect': 'The current password is incorrect',
  'profile.password.failed': 'Failed to change the password',
};

/** Strings of the profile feature (`profile.*`) that its first screen shows, in both languages:
 * the `profile` part. The email form, its confirmations and its success messages are the
 * `email` part (email.ts), with the email verification page's; the password card's are the
 * `password` part (password.ts). Merged into the catalogues. Messages of §8 that other
 * features share (`error.email.*`, `error.avatarChangeFailed`, …) stay in the main catalogues. */
export const zh = {
  'profile.title': '个人信息',
  'profile.loadFailed': '个人信息加载失败',
  'profile.failure': '{message}：{reason}',

  'profile.avatar.alt': '{name}的头像',
  'profile.avatar.upload': '上传头像',
  'profile.avatar.hint': '支持 JPG、JPEG、PNG、GIF 格式，大小不超过 1 MB',
  'profile.avatar.progress': '头像上传进度',
  'profile.avatar.uploading': '正在上传头像…',
  'profile.avatar.saving': '正在保存头像…',

  'profile.name.title': '姓名',
  'profile.account.title': '登录账号',
  'profile.account.hint': '登录账号不能修改',

  'profile.email.title': '邮箱',
  'profile.email.none': '未绑定邮箱',
  'profile.email.unverified': '未验证',
  'profile.email.verified': '已验证',
  'profile.email.unverifiedHint': '请打开验证邮件中的链接完成验证',
  'profile.email.bind': '绑定邮箱',
  'profile.email.change': '修改',
  'profile.email.changeNamed': '修改邮箱“{email}”',
  'profile.email.unbind': '解绑',
  'profile.email.unbindNamed': '解绑邮箱“{email}”',
  'profile.email.resend': '重新发送验证邮件',
  'profile.email.resendIn': '{seconds} 秒后可重新发送',
  'profile.email.pendingLabel': '新邮箱：',
  'profile.email.pending': '待验证',
  'profile.email.pendingExpired': '链接已过期',
  'profile.email.pendingHint': '打开发送到 {email} 的验证链接即可完成修改；在此之前，{current} 仍是您的邮箱。',
  'profile.email.pendingExpiredHint': '发送到 {email} 的验证链接已过期，请重新发送以完成修改，或取消修改。',
  'profile.email.cancelChange': '取消修改',
  'profile.email.cancelChangeNamed': '取消修改为“{email}”',

  'profile.language.title': '语言',
  'profile.language.zh_CN': '简体中文',
  'profile.language.en_US': 'English',
  'profile.language.reloadHint': '切换语言后页面将重新加载',
  'profile.language.switch': '切换语言',

  'profile.avatar.remove': '移除',
  'profile.avatar.removeTitle': '移除头像？',
  'profile.avatar.removeMessage': '将改为显示您的姓名首字。',
  'profile.avatar.removed': '头像已移除',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'profile.title': 'Personal Information',
  'profile.loadFailed': 'Your personal information could not be loaded',
  'profile.failure': '{message}: {reason}',

  'profile.avatar.alt': 'Avatar of {name}',
  'profile.avatar.upload': 'Upload avatar',
  'profile.avatar.hint': 'JPG, JPEG, PNG or GIF, up to 1 MB',
  'profile.avatar.progress': 'Avatar upload progress',
  'profile.avatar.uploading': 'Uploading the avatar…',
  'profile.avatar.saving': 'Saving the avatar…',

  'profile.name.title': 'Name',
  'profile.account.title': 'Login account',
  'profile.account.hint': 'The login account cannot be changed',

  'profile.email.title': 'Email',
  'profile.email.none': 'No email address bound',
  'profile.email.unverified': 'Not verified',
  'profile.email.verified': 'Verified',
  'profile.email.unverifiedHint': 'Open the link in the verification email to verify this address',
  'profile.email.bind': 'Bind email',
  'profile.email.change': 'Change',
  'profile.email.changeNamed': 'Change email “{email}”',
  'profile.email.unbind': 'Unbind',
  'profile.email.unbindNamed': 'Unbind email “{email}”',
  'profile.email.resend': 'Resend verification email',
  'profile.email.resendIn': 'Resend in {seconds} s',
  'profile.email.pendingLabel': 'New address:',
  'profile.email.pending': 'Pending verification',
  'profile.email.pendingExpired': 'Link expired',
  'profile.email.pendingHint':
    'Open the link sent to {email} to finish the change. Until then, {current} stays your email address.',
  'profile.email.pendingExpiredHint':
    'The link sent to {email} has expired. Send it again to finish the change, or cancel the change.',
  'profile.email.cancelChange': 'Cancel change',
  'profile.email.cancelChangeNamed': 'Cancel change to “{email}”',

  'profile.language.title': 'Language',
  'profile.language.zh_CN': '简体中文',
  'profile.language.en_US': 'English',
  'profile.language.reloadHint': 'The page reloads after you switch the language',
  'profile.language.switch': 'Switch language',

  'profile.avatar.remove': 'Remove',
  'profile.avatar.removeTitle': 'Remove your avatar?',
  'profile.avatar.removeMessage': 'Your initials are shown instead.',
  'profile.avatar.removed': 'Avatar removed',
};

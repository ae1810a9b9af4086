/** Strings of the email flows beyond the profile's first screen, in both languages: the `email`
 * part. The profile's bind / change form, its unbind confirmation and what the email actions
 * report (`profile.emailForm.*`) load with the form (withParts in
 * src/features/profile/EmailSection.tsx) and right after the profile's first screen
 * (laterPartsOfTag); the email verification result page (`emailVerify.*`, its page texts are in
 * page.ts) loads them before its first screen. Merged into the catalogues. */
export const zh = {
  'profile.emailForm.bindTitle': '绑定邮箱',
  'profile.emailForm.changeTitle': '修改邮箱',
  'profile.emailForm.dialogHint': '我们会向该邮箱发送一封验证邮件，打开邮件中的链接即可完成验证。',
  'profile.emailForm.current': '当前邮箱：{email}',
  'profile.emailForm.address': '邮箱地址',
  'profile.emailForm.newAddress': '新邮箱地址',
  'profile.emailForm.submitBind': '绑定',
  'profile.emailForm.submitChange': '确认修改',
  'profile.emailForm.sameAsCurrent': '新邮箱与当前邮箱相同',
  'profile.emailForm.bindSuccess': '邮箱已添加，验证邮件已发送至 {email}',
  'profile.emailForm.changeSuccess': '修改成功，验证邮件已发送至 {email}',
  'profile.emailForm.resendSuccess': '验证邮件已发送至 {email}',
  'profile.emailForm.unbindSuccess': '邮箱已解绑',
  'profile.emailForm.unbindTitle': '解绑邮箱“{email}”？',
  'profile.emailForm.unbindMessage': '解绑后将无法通过该邮箱接收通知、找回密码或完成安全验证。',
  'profile.emailForm.changeKeepsCurrent': '新邮箱验证通过前，仍使用当前邮箱。',
  'profile.emailForm.changePendingSuccess': '验证邮件已发送至 {email}，打开其中的链接后即完成修改。',
  'profile.emailForm.cancelChangeSuccess': '已取消将邮箱修改为“{email}”',

  'emailVerify.verifying': '正在验证邮箱…',
  'emailVerify.failed': '邮箱验证失败',
  'emailVerify.verifiedAddress': '{email} 已通过验证',
  'emailVerify.goToSettings': '前往个人设置',
  'emailVerify.error.invalidLink': '验证链接无效，请前往个人设置重新发送验证邮件',
  'emailVerify.error.alreadyVerified': '该邮箱已经验证过了',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'profile.emailForm.bindTitle': 'Bind an email address',
  'profile.emailForm.changeTitle': 'Change your email address',
  'profile.emailForm.dialogHint': 'We will send a verification email to this address. Open its link to verify it.',
  'profile.emailForm.current': 'Current address: {email}',
  'profile.emailForm.address': 'Email address',
  'profile.emailForm.newAddress': 'New email address',
  'profile.emailForm.submitBind': 'Bind',
  'profile.emailForm.submitChange': 'Change',
  'profile.emailForm.sameAsCurrent': 'This is already your email address',
  'profile.emailForm.bindSuccess': 'Email address added. A verification email was sent to {email}.',
  'profile.emailForm.changeSuccess': 'Modified successfully. A verification email was sent to {email}.',
  'profile.emailForm.resendSuccess': 'A verification email was sent to {email}',
  'profile.emailForm.unbindSuccess': 'Email address unbound',
  'profile.emailForm.unbindTitle': 'Unbind “{email}”?',
  'profile.emailForm.unbindMessage':
    'You will no longer receive notifications, reset your password or pass security checks with this address.',
  'profile.emailForm.changeKeepsCurrent': 'Your current address stays in use until the new one is verified.',
  'profile.emailForm.changePendingSuccess':
    'A verification email was sent to {email}. Your email address changes once its link is opened.',
  'profile.emailForm.cancelChangeSuccess': 'The change to “{email}” was canceled',

  'emailVerify.verifying': 'Verifying your email address…',
  'emailVerify.failed': 'Email verification failed',
  'emailVerify.verifiedAddress': '{email} is verified',
  'emailVerify.goToSettings': 'Go to Personal Settings',
  'emailVerify.error.invalidLink': 'The verification link is invalid. Send a new one from Personal Settings.',
  'emailVerify.error.alreadyVerified': 'This email address is already verified',
};

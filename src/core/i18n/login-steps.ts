/** Strings of the steps after the sign-in form (the slider, the emailed code, a forced password
 * change: `login.slider.*`, `login.code.*`, `login.forced.*` and their page texts) and of the
 * forgot-password feature (`reset.*`, `page.reset.*`), in both languages: the `login-steps` part,
 * which `<yx-login>` loads right after its first screen and `<yx-password-reset>` before it.
 * Merged into the catalogues. */
export const zh = {
  'page.reset.title': '忘记密码',
  'page.reset.stepAccount': '确认账号',
  'page.reset.stepVerify': '安全验证',
  'page.reset.stepReset': '重置密码',
  'page.reset.backToLogin': '返回登录',
  'page.reset.next': '下一步',
  'page.reset.done': '密码已重置，请使用新密码登录',

  'login.slider.loading': '正在加载滑块验证…',
  'login.slider.handle': '验证滑块',
  'login.slider.keyboardHint': '也可以聚焦滑块后按右方向键或 End 键完成验证',
  'login.slider.progress': '已拖动 {percent}%',
  'login.slider.verifying': '正在验证…',
  'login.slider.retry': '重新加载滑块',

  'login.code.label': '验证码',
  'login.code.hint': '请输入邮件中的 6 位验证码',
  'login.code.submit': '验证并登录',
  'login.code.resend': '重新获取验证码',
  'login.code.resent': '新的验证码已发送',
  'login.code.expired': '验证码已过期，请重新获取',
  'login.code.voided': '验证码错误次数过多，已失效，请重新获取',

  'login.forced.new': '新密码',
  'login.forced.confirm': '确认新密码',
  'login.forced.submit': '设置密码并登录',
  'login.forced.failed': '密码设置失败',

  'reset.steps': '找回密码进度',
  'reset.step.number': '第 {n} 步',
  'reset.step.done': '已完成',
  'reset.account.hint': '请输入要找回密码的账号',
  'reset.error.tooMany': '尝试次数过多，请稍后再试',
  'reset.error.noEmail': '账号未绑定邮箱，无法获取验证码。请联系企业管理员重置密码',
  'reset.verify.intro': '我们将向您账号绑定的邮箱 {email} 发送验证码',
  'reset.verify.sendFirst': '请先获取验证码',
  'reset.verify.alreadySent': '验证码此前已发送至 {email}，请查收邮件',
  'reset.new': '新密码',
  'reset.confirm': '确认新密码',
  'reset.doneTitle': '密码已重置',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'page.reset.title': 'Forgot Password',
  'page.reset.stepAccount': 'Confirm Account',
  'page.reset.stepVerify': 'Security Verification',
  'page.reset.stepReset': 'Reset Password',
  'page.reset.backToLogin': 'Return to Login',
  'page.reset.next': 'Next',
  'page.reset.done': 'Your password has been reset. Sign in with the new password.',

  'login.slider.loading': 'Loading the slider check…',
  'login.slider.handle': 'Verification slider',
  'login.slider.keyboardHint': 'You can also focus the slider and press Right Arrow or End.',
  'login.slider.progress': '{percent}% of the way',
  'login.slider.verifying': 'Verifying…',
  'login.slider.retry': 'Reload the slider',

  'login.code.label': 'Verification code',
  'login.code.hint': 'Enter the 6-digit code from the email',
  'login.code.submit': 'Verify and Sign In',
  'login.code.resend': 'Resend Code',
  'login.code.resent': 'A new code has been sent',
  'login.code.expired': 'The verification code has expired. Please get a new one.',
  'login.code.voided': 'Too many incorrect attempts: this code no longer works. Please get a new one.',

  'login.forced.new': 'New password',
  'login.forced.confirm': 'Confirm new password',
  'login.forced.submit': 'Set Password and Sign In',
  'login.forced.failed': 'Failed to set the password',

  'reset.steps': 'Password reset progress',
  'reset.step.number': 'Step {n}',
  'reset.step.done': 'completed',
  'reset.account.hint': 'Enter the account whose password you want to reset',
  'reset.error.tooMany': 'Too many attempts. Please try again later.',
  'reset.error.noEmail':
    'No email is bound to this account, so a verification code cannot be sent. Ask your organization administrator to reset your password.',
  'reset.verify.intro': 'We will send a verification code to the email bound to your account: {email}',
  'reset.verify.sendFirst': 'Get a verification code first',
  'reset.verify.alreadySent': 'A verification code was already sent to {email}. Check your inbox.',
  'reset.new': 'New password',
  'reset.confirm': 'Confirm new password',
  'reset.doneTitle': 'Password reset',
};

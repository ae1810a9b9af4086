/** Strings of the identities feature, in both languages. Merged into the catalogues. */
export const zh = {
  'identities.intro': '绑定钉钉或飞书账号后，即可使用该账号登录。绑定时会同步该账号的 openId。',
  'identities.intro.identityProvider': '管理用于登录的身份源账号。绑定时会同步该账号的 openId。',
  'identities.loadFailed': '绑定信息加载失败',
  'identities.empty': '暂无可绑定的第三方账号',

  'identities.provider.dingtalk': '钉钉',
  'identities.provider.lark': '飞书',
  'identities.status.bound': '已绑定',
  'identities.status.unbound': '未绑定',
  'identities.status.unavailable': '不可用',
  'identities.account': '账号',
  'identities.openId': 'openId',
  'identities.boundAt': '绑定时间',
  'identities.unavailable': '本站尚未配置{provider}登录，暂时无法绑定。如需使用，请联系企业管理员。',
  'identities.unboundHint': '绑定后可以使用{provider}账号登录。',

  'identities.action.bind': '绑定',
  'identities.action.bindNamed': '绑定{provider}账号',
  'identities.action.unbind': '解绑',
  'identities.action.unbindNamed': '解绑{provider}账号“{name}”',

  'identities.unbind.title': '解绑{provider}账号“{name}”？',
  'identities.unbind.message': '解绑后将无法再使用此{provider}账号登录。之后可以重新绑定。',
  'identities.unbind.confirm': '解绑',
  'identities.unbind.done': '已解绑{provider}账号',
  'identities.bound': '{provider}账号绑定成功',

  'identities.failure': '{message}：{reason}',
  'identities.error.unbindFailed': '解绑失败，请重试',
  'identities.error.bindFailed': '绑定失败',
  'identities.error.boundElsewhere': '该账号已绑定其他用户。',
  'identities.error.alreadyBound': '您已绑定该平台的另一个账号，请先解绑。',
  'identities.error.unavailable': '该登录方式暂不可用，请联系企业管理员。',
  'identities.error.tryAgain': '绑定未完成，请重试。',
  'identities.error.denied': '已在第三方平台取消授权。',
  'identities.error.unreachable': '暂时无法连接第三方平台，请稍后重试。',
  'identities.error.tooMany': '操作过于频繁，请几分钟后再试。',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'identities.intro':
    'Bind your DingTalk or Lark account to sign in with it. The account’s openId is synchronized when you bind it.',
  'identities.intro.identityProvider':
    'Manage the identity provider accounts you sign in with. The account’s openId is synchronized when you bind it.',
  'identities.loadFailed': 'Could not load your bindings',
  'identities.empty': 'No sign-in providers are available',

  'identities.provider.dingtalk': 'DingTalk',
  'identities.provider.lark': 'Lark',
  'identities.status.bound': 'Bound',
  'identities.status.unbound': 'Not bound',
  'identities.status.unavailable': 'Not available',
  'identities.account': 'Account',
  'identities.openId': 'openId',
  'identities.boundAt': 'Bound on',
  'identities.unavailable':
    '{provider} sign-in has not been set up for this site, so it cannot be bound. Ask your organization administrator if you need it.',
  'identities.unboundHint': 'Bind it to sign in with your {provider} account.',

  'identities.action.bind': 'Bind',
  'identities.action.bindNamed': 'Bind a {provider} account',
  'identities.action.unbind': 'Unbind',
  'identities.action.unbindNamed': 'Unbind {provider} account “{name}”',

  'identities.unbind.title': 'Unbind {provider} account “{name}”?',
  'identities.unbind.message':
    'You will no longer be able to sign in with this {provider} account. You can bind it again later.',
  'identities.unbind.confirm': 'Unbind',
  'identities.unbind.done': '{provider} account unbound',
  'identities.bound': '{provider} account bound',

  'identities.failure': '{message}: {reason}',
  'identities.error.unbindFailed': 'Unbinding failed, please retry',
  'identities.error.bindFailed': 'Binding failed',
  'identities.error.boundElsewhere': 'This account is already bound to another user.',
  'identities.error.alreadyBound': 'You already have another account of this provider bound. Unbind it first.',
  'identities.error.unavailable': 'This sign-in provider is not available. Ask your organization administrator.',
  'identities.error.tryAgain': 'Binding did not complete. Please try again.',
  'identities.error.denied': 'Access was not granted at the provider.',
  'identities.error.unreachable': 'The provider could not be reached. Please try again later.',
  'identities.error.tooMany': 'Too many attempts. Please try again in a few minutes.',
};

/**
 * The demo message history (§3 Message): a realistic mix of apps, read and unread, and a few
 * security notices (sensitive-behaviour types), in both languages. Data only.
 */

export interface DemoMessage {
  app: string;
  /** How long ago it arrived. */
  hoursAgo: number;
  read: boolean;
  sensitive?: string;
  en: [title: string, body: string];
  zh: [title: string, body: string];
}

const m = (
  app: string,
  hoursAgo: number,
  read: boolean,
  en: [string, string],
  zh: [string, string],
  sensitive?: string,
): DemoMessage => ({ app, hoursAgo, read, en, zh, ...(sensitive ? { sensitive } : {}) });

const common: DemoMessage[] = [
  m(
    'yunxiao',
    0.2,
    false,
    [
      'New sign-in to your account',
      'Your account signed in from Chrome on macOS (Hangzhou). If this was not you, change your password.',
    ],
    ['账号新登录提醒', '您的账号在 macOS 上的 Chrome（杭州）登录。如非本人操作，请立即修改密码。'],
    'login_new_device',
  ),
  m(
    'workbench',
    30,
    true,
    ['Welcome to Yunxiao', 'Your workspace is ready. Pin the apps you use most to the workbench.'],
    ['欢迎使用云效', '您的工作台已准备就绪，可以把常用应用固定到工作台。'],
  ),
];

/** Each user's messages (newest first is not required; `hoursAgo` orders them). */
export const DEMO_MESSAGES: Readonly<Record<string, readonly DemoMessage[]>> = {
  demo: [
    ...common,
    m(
      'projex',
      1,
      false,
      ['Assigned to you: PAY-214', 'Alice Zhang assigned "Refund webhook retries" to you.'],
      ['指派给您：PAY-214', 'Alice Zhang 将“退款回调重试”指派给了您。'],
    ),
    m(
      'projex',
      5,
      false,
      ['Mentioned in PAY-198', '@demo can you review the rate-limit numbers before Friday?'],
      ['在 PAY-198 中提到了您', '@demo 周五前能否看一下限流的数值？'],
    ),
    m(
      'codeup',
      2,
      false,
      [
        'Merge request needs your review',
        'acme/payments !42 "Idempotency keys for refunds" is waiting for your review.',
      ],
      ['合并请求待您评审', 'acme/payments !42「退款幂等键」等待您评审。'],
    ),
    m(
      'codeup',
      26,
      true,
      ['Merge request merged', 'acme/payments !39 "Upgrade to Node 20" was merged into main.'],
      ['合并请求已合并', 'acme/payments !39「升级到 Node 20」已合并到 main。'],
    ),
    m(
      'flow',
      3,
      false,
      ['Pipeline failed: payments-ci #1287', 'Stage "unit tests" failed on branch feature/refund-retry.'],
      ['流水线运行失败：payments-ci #1287', '分支 feature/refund-retry 的「单元测试」阶段失败。'],
    ),
    m(
      'flow',
      50,
      true,
      ['Pipeline succeeded: payments-ci #1281', 'All stages passed in 6 min 12 s.'],
      ['流水线运行成功：payments-ci #1281', '全部阶段通过，用时 6 分 12 秒。'],
    ),
    m(
      'testhub',
      8,
      true,
      ['Test plan ready: Release 3.4', '128 cases, 6 assigned to you.'],
      ['测试计划已就绪：3.4 版本', '共 128 个用例，其中 6 个指派给您。'],
    ),
    m(
      'packages',
      12,
      false,
      ['Package published: @acme/sdk 2.1.0', 'Alice Zhang published @acme/sdk 2.1.0 to the npm repository.'],
      ['制品已发布：@acme/sdk 2.1.0', 'Alice Zhang 向 npm 仓库发布了 @acme/sdk 2.1.0。'],
    ),
    m(
      'alidocs',
      20,
      true,
      ['Comment on "Incident review 0412"', 'Carol Li: the timeline misses the DNS change at 14:05.'],
      ['“0412 故障复盘”有新评论', 'Carol Li：时间线漏了 14:05 的 DNS 变更。'],
    ),
    m(
      'yunxiao',
      72,
      true,
      ['Personal access token created', 'A token named "ci-deploy" was created for your account.'],
      ['已创建个人访问令牌', '您的账号创建了名为“ci-deploy”的令牌。'],
      'token_created',
    ),
    m(
      'insight',
      100,
      true,
      ['Weekly delivery report', 'Lead time fell to 2.3 days this week (-12%).'],
      ['研发效能周报', '本周交付周期降至 2.3 天（-12%）。'],
    ),
    m(
      'org-admin',
      150,
      true,
      ['You were added to Open Source Lab', 'An administrator added you to the organization Open Source Lab.'],
      ['您已加入 Open Source Lab', '管理员已将您加入企业 Open Source Lab。'],
    ),
    // Rich text as apps send it: a link, emphasis and a list (the element keeps these).
    m(
      'flow',
      6,
      false,
      [
        'Release 3.4 checklist',
        '<p>Release 3.4 is <strong>frozen</strong>. Before Friday:</p><ul><li>approve the <em>staging</em> deploy</li><li>sign off the test plan</li></ul><p><a href="https://example.com/releases/3.4">Open the release</a></p>',
      ],
      [
        '3.4 版本发布检查清单',
        '<p>3.4 版本已<strong>冻结</strong>。周五前请：</p><ul><li>审批<em>预发</em>部署</li><li>确认测试计划</li></ul><p><a href="https://example.com/releases/3.4">打开发布单</a></p>',
      ],
    ),
    // Hostile markup from a misbehaving app: the element must show it harmlessly (sanitised).
    m(
      'thoughts',
      9,
      false,
      [
        'Idea shared with you',
        'Check this out <img src=x onerror=alert(1)> and <a href="javascript:alert(document.cookie)">this link</a><script>alert(2)</script>',
      ],
      [
        '与您分享了一个想法',
        '看看这个 <img src=x onerror=alert(1)> 还有<a href="javascript:alert(document.cookie)">这个链接</a><script>alert(2)</script>',
      ],
    ),
  ],
  alice: [
    ...common,
    m(
      'projex',
      4,
      false,
      ['Status changed: PAY-214', 'Demo User moved "Refund webhook retries" to In progress.'],
      ['状态变更：PAY-214', 'Demo User 将“退款回调重试”移至进行中。'],
    ),
    m(
      'codeup',
      9,
      true,
      ['Review approved', 'Demo User approved acme/payments !40.'],
      ['评审已通过', 'Demo User 通过了 acme/payments !40 的评审。'],
    ),
    m(
      'packages',
      40,
      true,
      ['Repository quota at 80%', 'The npm repository of Acme Engineering uses 8 GB of 10 GB.'],
      ['仓库容量已用 80%', 'Acme Engineering 的 npm 仓库已使用 8 GB / 10 GB。'],
    ),
    m(
      'thoughts',
      60,
      false,
      ['New idea in Blue Harbor', 'Demo User posted "Dark mode for the dashboard".'],
      ['Blue Harbor 有新想法', 'Demo User 发布了“仪表盘深色模式”。'],
    ),
  ],
  carol: [
    ...common,
    m(
      'yunxiao',
      1,
      false,
      [
        'Sign-in from an unusual location',
        'Someone signed in to your account from a new location. We will ask for an emailed code next time.',
      ],
      ['异地登录提醒', '您的账号在新的地点登录，下次登录将需要邮箱验证码。'],
      'login_unusual_location',
    ),
    m(
      'alidocs',
      16,
      false,
      ['Shared with you: "On-call handbook"', 'Demo User shared a document with you.'],
      ['与您共享：“值班手册”', 'Demo User 与您共享了一篇文档。'],
    ),
    m(
      'flow',
      45,
      true,
      ['Deployment approved', 'Release 3.3 was approved for production.'],
      ['发布已审批', '3.3 版本已获准发布到生产环境。'],
    ),
  ],
  dave: [
    m(
      'yunxiao',
      2,
      false,
      ['Password change required', 'An administrator reset your password. Choose a new one at your next sign-in.'],
      ['需要修改密码', '管理员已重置您的密码，请在下次登录时设置新密码。'],
      'password_reset_by_admin',
    ),
    m(
      'workbench',
      48,
      true,
      ['Welcome to Yunxiao', 'Your workspace is ready.'],
      ['欢迎使用云效', '您的工作台已准备就绪。'],
    ),
    m(
      'projex',
      20,
      false,
      ['Assigned to you: OPS-77', 'Demo User assigned "Rotate staging certificates" to you.'],
      ['指派给您：OPS-77', 'Demo User 将“轮换预发环境证书”指派给了您。'],
    ),
  ],
};

/**
 * `YX_DEMO_MESSAGES=N`: N extra messages for the demo user, to try the message centre with a
 * long history (the 10,000-message benchmark). Varied apps and wording, about one in seven unread,
 * a few minutes apart and all older than the hand-written demo messages.
 */
import type { Locale } from '../../src/core/settings';
import type { MessageTranslations, NewMessage } from '../db/schema';
import { newMessageId } from './notify';

type Template = [app: string, en: [string, string], zh: [string, string]];

const TEMPLATES: readonly Template[] = [
  [
    'projex',
    ['Assigned to you: PAY-{n}', 'A work item was assigned to you in <strong>Payments</strong>.'],
    ['指派给您：PAY-{n}', '<strong>支付</strong>项目中有一个工作项指派给了您。'],
  ],
  [
    'codeup',
    ['Merge request !{n} needs your review', 'acme/payments !{n} is waiting for your review.'],
    ['合并请求 !{n} 待您评审', 'acme/payments !{n} 等待您评审。'],
  ],
  [
    'flow',
    ['Pipeline finished: payments-ci #{n}', 'All stages of run <em>#{n}</em> finished.'],
    ['流水线运行结束：payments-ci #{n}', '运行 <em>#{n}</em> 的全部阶段已结束。'],
  ],
  [
    'testhub',
    ['Test run #{n} completed', '<ul><li>Passed: 120</li><li>Failed: 2</li></ul>'],
    ['测试执行 #{n} 已完成', '<ul><li>通过：120</li><li>失败：2</li></ul>'],
  ],
  [
    'packages',
    ['Package published: @acme/sdk 1.{n}.0', 'A new version was published to the npm repository.'],
    ['制品已发布：@acme/sdk 1.{n}.0', '新版本已发布到 npm 仓库。'],
  ],
  [
    'alidocs',
    ['New comment on "Design notes {n}"', 'Carol Li replied to your comment.'],
    ['“设计笔记 {n}”有新评论', 'Carol Li 回复了您的评论。'],
  ],
];

/** A demo message's `translations` column (JSON text) from its English and Chinese texts. */
export function translationsJson(
  en: readonly [title: string, body: string],
  zh: readonly [title: string, body: string],
) {
  const texts: MessageTranslations = { en_US: { title: en[0], body: en[1] }, zh_CN: { title: zh[0], body: zh[1] } };
  return JSON.stringify(texts);
}

/**
 * `count` message rows for `userId`, newest first, ending a little over a week before `now`, in
 * both languages (each reader reads them in their own); `title`/`body` in `locale`.
 */
export function bulkDemoMessages(userId: string, count: number, now: number, locale: Locale): NewMessage[] {
  const rows: NewMessage[] = [];
  for (let i = 0; i < count; i++) {
    const [app, enTemplate, zhTemplate] = TEMPLATES[i % TEMPLATES.length]!;
    const fill = (texts: [string, string]) =>
      texts.map((s) => s.replaceAll('{n}', String(1000 + i))) as [string, string];
    const en = fill(enTemplate);
    const zh = fill(zhTemplate);
    const [title, body] = locale === 'zh_CN' ? zh : en;
    rows.push({
      id: newMessageId(),
      user_id: userId,
      app,
      title,
      body,
      // 7 is coprime to the 6 templates, so unread ones are spread over every app.
      read: i % 7 !== 0,
      sensitive_type: null,
      // 200 h back (behind the hand-written ones), then 7 minutes apart.
      created_at: new Date(now - 200 * 3600_000 - i * 7 * 60_000),
      translations: translationsJson(en, zh),
    });
  }
  return rows;
}

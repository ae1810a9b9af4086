/**
 * What the demo seed writes: the accounts and organizations (messages are in seed-messages.ts).
 * Data only; `seed.ts` writes it.
 */
import type { Locale } from '../src/core/settings';

export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  email: string | null;
  /** null = never chosen: the browser's language (and for mails no request caused, the flavour's default). */
  locale: Locale | null;
  mustChangePassword?: boolean;
  riskCheck?: boolean;
  /** What `npm start` prints next to the account. */
  note: string;
}

/** The demo accounts (printed by `npm start`). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'demo',
    password: 'Demo@2026',
    name: 'Demo User',
    email: 'demo@example.com',
    locale: null,
    note: 'member of 5 organizations (one IP-restricted, one expired)',
  },
  {
    username: 'alice',
    password: 'Alice@2026',
    name: 'Alice Zhang',
    email: 'alice@example.com',
    locale: 'en_US',
    note: 'a second ordinary user',
  },
  {
    username: 'carol',
    password: 'Carol@2026',
    name: 'Carol Li',
    email: 'carol@example.com',
    locale: 'zh_CN',
    riskCheck: true,
    note: 'risk check on: sign-in needs an emailed code',
  },
  {
    username: 'dave',
    password: 'Dave@2026',
    name: 'Dave Wang',
    email: null,
    locale: null,
    mustChangePassword: true,
    note: 'must change his password at next sign-in',
  },
];

export interface DemoOrg {
  key: string;
  name: string;
  apps: readonly string[];
  /** username → role; order is joining order. */
  members: ReadonlyArray<[string, 'admin' | 'member']>;
  /** CIDR entries only from which members may enter (to demo the 'IP not allowed' error). */
  ipAllowlist?: readonly string[];
  /** The order ended this many days before the seed ran (to demo 'order expired'). */
  orderExpiredDaysAgo?: number;
}

/** Three organizations with different apps: one with code hosting and packages, one without. */
export const DEMO_ORGS: readonly DemoOrg[] = [
  {
    key: 'acme',
    name: 'Acme Engineering',
    apps: [
      'workbench',
      'projex',
      'testhub',
      'codeup',
      'flow',
      'packages',
      'appstack',
      'alidocs',
      'insight',
      'org-member',
      'org-admin',
      'lingma',
    ],
    members: [
      ['demo', 'admin'],
      ['alice', 'member'],
      ['carol', 'member'],
      ['dave', 'member'],
    ],
  },
  {
    key: 'studio',
    name: 'Blue Harbor Design Studio',
    apps: ['workbench', 'projex', 'alidocs', 'thoughts', 'org-member'],
    members: [
      ['alice', 'admin'],
      ['demo', 'member'],
    ],
  },
  {
    key: 'lab',
    name: 'Open Source Lab',
    apps: ['workbench', 'codeup', 'flow'],
    members: [['demo', 'member']],
  },
  {
    key: 'restricted',
    name: 'Harbor Secure Network',
    apps: ['workbench', 'projex', 'codeup'],
    members: [['demo', 'member']],
    // Private ranges only: a browser on this machine (127.0.0.1 / ::1) is turned away.
    ipAllowlist: ['10.0.0.0/8', '192.168.0.0/16', 'fd00::/8'],
  },
  {
    key: 'expired',
    name: 'Expired Trial Inc',
    apps: ['workbench', 'projex'],
    members: [['demo', 'member']],
    orderExpiredDaysAgo: 3,
  },
];

/** Apps of the extra organizations made for `YX_DEMO_ORGS`. */
export const EXTRA_ORG_APPS: readonly string[] = ['workbench', 'projex'];

/**
 * Kysely table types: the one description of the database the TypeScript code sees. The SQL that
 * creates these tables is in `migrations/`; keep the two in step.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '../../src/core/settings';

/** A timestamp column: read as Date, written as Date (or left to its default when generated). */
type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UsersTable {
  /** `u_` + 20 hex characters. */
  id: string;
  /** Unique, compared case-insensitively (index on lower(username)). */
  username: string;
  name: string;
  /** One email per user (§3); unique case-insensitively when present. */
  email: string | null;
  email_verified: Generated<boolean>;
  /** argon2id PHC string. */
  password_hash: string;
  locale: Locale;
  avatar: string | null;
  must_change_password: Generated<boolean>;
  /** Logins need an emailed code (§8 "account has security risks"). */
  risk_check: Generated<boolean>;
  /** Consecutive wrong passwords since the last success or freeze. */
  failed_attempts: Generated<number>;
  frozen_until: Timestamp | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the random session id; the id itself exists only in the cookie. */
  id_hash: string;
  /** null for an anonymous pre-session (it only carries the CSRF token of the login form). */
  user_id: string | null;
  csrf_token: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Absolute end of the session; the idle limit is checked against last_seen_at. */
  expires_at: Timestamp;
}

export interface OrganizationsTable {
  /** `org_…` */
  id: string;
  name: string;
  logo: string | null;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: 'admin' | 'member';
  created_at: CreatedAt;
}

/** The app catalogue (§1, §3 "Application catalogue entry"). */
export interface AppsTable {
  id: string;
  name: string;
  name_cn: string;
  vpc_id: string | null;
  logo_url_cdn: string;
  /** Where the app lives on the suite host, e.g. `/codeup/`. */
  raw_url: string;
}

/** Which apps an organization has installed. */
export interface OrgAppsTable {
  org_id: string;
  app_id: string;
  installed_at: CreatedAt;
}

/** Message centre entries (§3 Message, §4). */
export interface MessagesTable {
  /** `m_…` */
  id: string;
  user_id: string;
  /** Catalogue id of the app that sent it. */
  app: string;
  title: string;
  body: string;
  read: Generated<boolean>;
  /** Set for security notices (new login, password changed …); null for ordinary messages. */
  sensitive_type: string | null;
  created_at: Timestamp;
}

/** Mail kept instead of sent when no SMTP server is configured. */
export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Timestamp;
}

/** Small facts about the database itself (e.g. which seed ran). */
export interface MetaTable {
  key: string;
  value: string;
}

/** Every table, as Kysely sees the database. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  apps: AppsTable;
  org_apps: OrgAppsTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  meta: MetaTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewMessage = Insertable<MessagesTable>;

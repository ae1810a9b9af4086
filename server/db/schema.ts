/**
 * Kysely table types: the one description of the database the TypeScript code sees. The SQL that
 * creates these tables is in `migrations/`; keep the two in step.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '../../src/core/settings';
import type { LoginTables } from './login-tables';

/** A timestamp column: read as Date, written as Date (or left to its default when generated). */
type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UsersTable {
  /** `u_` + 20 hex characters. */
  id: string;
  /** Unique, compared case-insensitively (index on lower(username)). */
  username: string;
  name: string;
  /** One email per user (§3); unique case-insensitively once verified (an unverified claim
   * takes the address from nobody). */
  email: string | null;
  email_verified: Generated<boolean>;
  /** argon2id PHC string. */
  password_hash: string;
  /** The language the user chose; null until they choose one (0013): the request decides then. */
  locale: Locale | null;
  avatar: string | null;
  must_change_password: Generated<boolean>;
  /** Logins need an emailed code (§8 "account has security risks"). */
  risk_check: Generated<boolean>;
  /** Consecutive wrong passwords since the last success or freeze. */
  failed_attempts: Generated<number>;
  frozen_until: Timestamp | null;
  created_at: CreatedAt;
  /** Set for a RAM user: the cloud account they belong to (§6). */
  cloud_account_id: string | null;
  /** The organization chosen last (`lastWorkspace`); null means the first one joined. */
  last_org_id: string | null;
  /** Bumped by triggers on every change to the user's access tokens (migration 0009). */
  tokens_version: Generated<number>;
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
  /** The cloud account that bought the organization; only its RAM users may enter (§6). */
  purchaser_cloud_account_id: string | null;
  /** CIDR entries (IPv4 / IPv6); empty means any address may enter. */
  ip_allowlist: ColumnType<string[], string[] | undefined, string[]>;
  /** When the licence / order ends; null means it does not. */
  order_expires_at: Timestamp | null;
  /** Set when the organization was closed: nobody can enter it. */
  disabled_at: Timestamp | null;
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
  /**
   * The text in each language it was written in (0012), read in the reader's language; null or
   * without that language: `title`/`body` (the language it was written in). Written as JSON text,
   * read back parsed.
   */
  translations: ColumnType<MessageTranslations | null, string | null | undefined, never>;
}

/** A message's title and body per locale. */
export type MessageTranslations = Partial<Record<Locale, { title: string; body: string }>>;

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

/** Personal access tokens (§3). The value is never stored, only its SHA-256. */
export interface AccessTokensTable {
  /** `pat_…`; not secret. */
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  /** Leaf scope keys in tree order (older rows may hold a parent key: it means all its leaves). */
  scopes: string[];
  /** SHA-256 (hex) of the token value; unique. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Written at most once a minute by bearer use. */
  last_used_at: Timestamp | null;
}

/** Email activation links (§4): single use, 24 h; only the SHA-256 of the token is kept. */
export interface EmailTokensTable {
  /** SHA-256 (hex) of the token in the link. */
  token_hash: string;
  user_id: string;
  /** The address the link activates: the user's address, or the one a pending change waits for. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the link was used (or made void by another link's use). */
  used_at: Timestamp | null;
}

/** When something throttled (an email send) last happened, per key (`email:user:…`). */
export interface SendThrottlesTable {
  key: string;
  last_sent_at: Timestamp;
}

/** Uploaded avatars: who uploaded which stored object (only those may be set as one's avatar). */
export interface AvatarsTable {
  /** Server-chosen file name, `<32 hex>.<png|jpg|gif>`. */
  name: string;
  user_id: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  created_at: Timestamp;
}

/** Bytes of the database object store (`server/storage/database.ts`). */
export interface StoredObjectsTable {
  /** `avatars/<name>` */
  key: string;
  content_type: string;
  data: Uint8Array;
  created_at: Timestamp;
}

/** SSH public keys (§3). `key` is the normalized line; the fingerprint is unique across users. */
export interface SshKeysTable {
  /** `sk_…` */
  id: string;
  user_id: string;
  title: string;
  /** `ssh-ed25519 AAAA… comment`, whitespace normalized. */
  key: string;
  key_type: 'ssh-ed25519' | 'ssh-rsa';
  /** OpenSSH `SHA256:…` form. */
  fingerprint: string;
  scope: 'all' | 'read';
  /** null: never expires. */
  expires_at: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** The packages credential (§3): one per user, made on first read. A new password waits in
 * `pending_*` until its effective time (§4: 10 s), while the old one keeps working. */
export interface PackageCredentialsTable {
  user_id: string;
  username: string;
  /** argon2id; null until a password was set. */
  password_hash: string | null;
  pending_hash: string | null;
  pending_effective_at: Timestamp | null;
  created_at: Timestamp;
}

/** Third-party accounts bound to a user (§3): one per provider and user, one user per account. */
export interface IdentitiesTable {
  provider: 'dingtalk' | 'lark';
  /** The provider's subject (`sub` of its ID token). */
  open_id: string;
  user_id: string;
  name: string;
  bound_at: Timestamp;
}

/** An OpenID Connect authorization in flight: tied to the browser session, used once, 10 min. */
export interface OidcStatesTable {
  /** SHA-256 (hex) of the `state` parameter. */
  state_hash: string;
  session_hash: string;
  user_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
}

/** The live stream's log (0006): new messages and unread-count changes, in commit order. */
export interface MessageEventsTable {
  /** bigserial; read back as a string by the `pg` driver, so always converted with Number(). */
  id: ColumnType<string | number, never, never>;
  user_id: string;
  kind: 'message' | 'unread';
  /** The new message, for `kind = 'message'`. */
  message_id: string | null;
  created_at: Timestamp;
}

/** Entries the usage tracker's collector kept (0008), one row per entry. */
export interface TrackingLogsTable {
  /** bigserial; read back as a string by the `pg` driver. */
  id: ColumnType<string | number, never, never>;
  /** The rate-limit key: SHA-256 (hex) of `user:<id>` for a signed-in user, else of
   * `ip:<address>`. Never a cookie or a session id. */
  rate_key: string;
  /** Shared by the entries of one request, so batches can be counted as well as entries. */
  batch_id: string;
  /** The entry's `kind` (`performance`, `api-error`, …). */
  kind: string;
  /** The validated entry; written as JSON text, read back parsed. */
  entry: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

/** Every table, as Kysely sees the database. */
export interface Database extends LoginTables {
  users: UsersTable;
  sessions: SessionsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  apps: AppsTable;
  org_apps: OrgAppsTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  meta: MetaTable;
  access_tokens: AccessTokensTable;
  email_tokens: EmailTokensTable;
  send_throttles: SendThrottlesTable;
  avatars: AvatarsTable;
  stored_objects: StoredObjectsTable;
  ssh_keys: SshKeysTable;
  package_credentials: PackageCredentialsTable;
  identities: IdentitiesTable;
  oidc_states: OidcStatesTable;
  message_events: MessageEventsTable;
  tracking_logs: TrackingLogsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewMessage = Insertable<MessagesTable>;
export type AccessTokenRow = Selectable<AccessTokensTable>;
export type SshKeyRow = Selectable<SshKeysTable>;
export type PackageCredentialRow = Selectable<PackageCredentialsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;

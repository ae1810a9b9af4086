/**
 * Kysely types of the sign-in tables (migration 0007_login): known devices, wrong-password
 * counts of names without an account, slider challenges, pending logins / password flows with
 * their emailed codes, request counters and the OpenID Connect states of sign-ins in flight.
 * Kept beside schema.ts (which lists them in `Database`) so that file stays small to edit.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** Devices a user has signed in from (device = SHA-256 of the device cookie's id). */
export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

/**
 * Wrong passwords of login names that are not a local account (unknown names, LDAP names), so
 * they meet the same slider and freeze as real accounts and do not give away which names exist.
 */
export interface LoginFailuresTable {
  /** SHA-256 (hex) of `<mode>:<lower-cased name>`. */
  name_hash: string;
  failures: number;
  frozen_until: Timestamp | null;
  updated_at: Timestamp;
}

/** A slider challenge, then (once a good trail was sent) the single-use token it earned. */
export interface SliderChallengesTable {
  /** The `challenge_id`: random, not secret on its own (it is tied to the session). */
  id: string;
  session_hash: string;
  /** The lower-cased login name of the URL. */
  name_key: string;
  track_width: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when a trail was judged (good or bad): a challenge is judged once. */
  judged_at: Timestamp | null;
  /** SHA-256 (hex) of the `slider_token`; null when the trail was refused. */
  token_hash: string | null;
  token_expires_at: Timestamp | null;
  token_used_at: Timestamp | null;
}

/** What a flow is for: completing a risky login, a forced password change, a forgotten password. */
export type LoginFlowPurpose = 'login' | 'change' | 'reset';
/** Where the emailed code is: none sent yet, waiting, used, or voided by wrong tries. */
export type CodeState = 'none' | 'active' | 'used' | 'voided';

/** One step-by-step flow of one browser session (at most one per purpose). */
export interface LoginFlowsTable {
  session_hash: string;
  purpose: LoginFlowPurpose;
  user_id: string;
  name_key: string;
  /** The device a pending login came from (recorded when the code is right). */
  device_hash: string | null;
  /** `<salt>:<sha256(salt:code)>`; the code itself is only in the mail. */
  code_hash: string | null;
  code_state: Generated<CodeState>;
  code_expires_at: Timestamp | null;
  code_attempts: Generated<number>;
  /** When a code was last mailed (the resend throttle). */
  sent_at: Timestamp | null;
  /** Reset flows: when the code was verified (the reset step needs a fresh one). */
  verified_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Fixed-window request counters (the account check's rate limit), per key. */
export interface RequestCountersTable {
  key: string;
  window_started_at: Timestamp;
  hits: number;
}

/** An OpenID Connect sign-in in flight: tied to the browser session, used once, 10 min. */
export interface LoginOidcStatesTable {
  /** SHA-256 (hex) of the `state` parameter. */
  state_hash: string;
  session_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  /** Where to go after sign-in: already reduced to a same-origin path. */
  next_url: string | null;
  expires_at: Timestamp;
}

/** The sign-in tables, merged into `Database` in schema.ts. */
export interface LoginTables {
  known_devices: KnownDevicesTable;
  login_failures: LoginFailuresTable;
  slider_challenges: SliderChallengesTable;
  login_flows: LoginFlowsTable;
  request_counters: RequestCountersTable;
  login_oidc_states: LoginOidcStatesTable;
}

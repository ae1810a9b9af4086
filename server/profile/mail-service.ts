/**
 * Whether mail sent by this server can reach anyone (§8 'email service not configured').
 *
 * With `SMTP_URL` set, mail leaves the server; a failure then is `email_send_failed`. Without it,
 * mail lands in the outbox table, which only the demo seed lists (`GET /users/dev/outbox`): a
 * deployment with `YX_SEED=none` and no `SMTP_URL` would store links and codes nobody can read,
 * so a user would wait for a mail that never comes. There the mail service is not configured, and
 * calls whose point is a mail say so before anything is stored or throttled.
 */
import type { AppDeps } from '../context';
import { emailErrors } from './errors';

/** True when a mail sent now reaches a mailbox or the demo outbox page. */
export function mailServiceConfigured(deps: Pick<AppDeps, 'mailer' | 'config'>): boolean {
  return deps.mailer.kind === 'smtp' || deps.config.seed === 'demo';
}

/** Throws `email_service_not_configured` (503) unless {@link mailServiceConfigured}. */
export function requireMailService(deps: Pick<AppDeps, 'mailer' | 'config'>): void {
  if (!mailServiceConfigured(deps)) throw emailErrors.serviceNotConfigured();
}

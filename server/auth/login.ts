/**
 * Checking a password sign-in (§4, §8): the same answer, in the same time, for a wrong password
 * and an unknown account; 5 consecutive wrong passwords freeze the account for 1 hour, and a
 * frozen account is refused with its own message even when the password is right.
 */
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { findUserByLogin, recordFailedLogin, recordSuccessfulLogin } from '../repos/users';
import { verifyDummy, verifyPassword } from './password';

/** Wrong passwords in a row that freeze an account. */
export const MAX_FAILED_ATTEMPTS = 5;
/** How long a frozen account stays frozen. */
export const FREEZE_MS = 3600_000;

const incorrect = () => new AppError('account_or_password_incorrect', 401, 'error.accountOrPasswordIncorrect');
const frozen = (until: Date) =>
  new AppError('account_frozen', 423, 'error.accountFrozen', undefined, { frozenUntil: until.toISOString() });

/** Returns the user whose credentials these are, or throws `account_or_password_incorrect` /
 * `account_frozen`. */
export async function checkCredentials(deps: AppDeps, login: string, password: string): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) {
    await verifyDummy(password);
    throw incorrect();
  }
  const now = deps.clock.now();
  if (user.frozen_until && user.frozen_until > now) throw frozen(user.frozen_until);
  if (!(await verifyPassword(user.password_hash, password))) {
    const until = new Date(now.getTime() + FREEZE_MS);
    const result = await recordFailedLogin(deps.db, user.id, MAX_FAILED_ATTEMPTS, until);
    throw result.frozen ? frozen(until) : incorrect();
  }
  if (user.failed_attempts > 0 || user.frozen_until) await recordSuccessfulLogin(deps.db, user.id);
  return user;
}

/**
 * The failure descriptions of ./errors, for the sections of the first screen: needed only once a
 * call has failed, so their code is fetched when the page is idle after that screen is up, not
 * with it. (The password card and the email dialog, loaded on demand, import ./errors
 * themselves.) Should that code not come, the client's own message is said.
 */
import type { HttpError } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { prefetch } from '../../ui/lazy';
import type * as Errors from './errors';
import type { EmailFailure, EmailOperation } from './errors';

let code: Promise<typeof Errors> | undefined;
/** Once fetched, the same settled promise: a failure is then described a microtask later. */
const load = () =>
  (code ??= import('./errors').catch((error: unknown) => {
    code = undefined;
    throw error;
  }));
prefetch({ preload: load });

const described = async <F>(describe: (errors: typeof Errors) => F, error: HttpError) => {
  try {
    return describe(await load());
  } catch {
    return { message: error.message, reason: error.message };
  }
};

/** Describes a failed bind / change / resend / unbind (describeEmailFailure). */
export const emailFailure = (error: HttpError, operation: EmailOperation, t: Translate): Promise<EmailFailure> =>
  described((m) => m.describeEmailFailure(error, operation, t), error);

/** The message of a failed avatar upload, save or removal (describeAvatarFailure). */
export const avatarFailure = async (error: HttpError, t: Translate): Promise<string> =>
  (await described((m) => m.describeAvatarFailure(error, t), error)).message;

/** The message of a failed language switch (describeLanguageFailure). */
export const languageFailure = async (error: HttpError, t: Translate): Promise<string> =>
  (await described((m) => m.describeLanguageFailure(error, t), error)).message;

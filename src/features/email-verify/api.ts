/**
 * The call of the email verification result page (§7): the emailed link's token is posted to
 * `email:verify`, which answers with the now verified address.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const EMAIL_VERIFY_PATH = '/individual/proxy/my/email:verify';

export const verifiedSchema = v.object({
  email: v.object({ address: v.string(), verified: v.boolean() }),
});

export interface EmailVerifyApi {
  /** Verifies the token of an activation link; resolves to the verified address. */
  verify(token: string): Promise<HttpResult<{ address: string }>>;
}

export function createEmailVerifyApi(http: HttpClient, t: Translate): EmailVerifyApi {
  return {
    async verify(token) {
      const result = await http.post(EMAIL_VERIFY_PATH, { token });
      const [error, value] = expectShape(result, verifiedSchema, t, { method: 'POST', url: EMAIL_VERIFY_PATH });
      if (error) return [error, null];
      return [null, { address: value.email.address }];
    },
  };
}

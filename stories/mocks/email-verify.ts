/** The activation link check (§7 `POST /individual/proxy/my/email:verify`) for `<yx-email-verify-result>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { EMAIL_VERIFY_PATH } from '../../src/features/email-verify/api';
import { failure, route } from './common';

export const VERIFIED_ADDRESS = 'lin.wei@example.com';
export const emailVerifyPath = route(EMAIL_VERIFY_PATH);

/** The link is good: the address is now verified. */
export const verifyHandlers: HttpHandler[] = [
  http.post(emailVerifyPath, () => HttpResponse.json({ email: { address: VERIFIED_ADDRESS, verified: true } })),
];

/** The link is refused with one of the email codes of §8. */
export const verifyRefused = (status: number, code: string, message: string): HttpHandler[] => [
  http.post(emailVerifyPath, () => failure(status, code, message)),
];

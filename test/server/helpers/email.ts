/** The routes of the account email (§7), shared by the email tests. */
export const BIND = '/users/ajax/v1/my/emails:bind';
export const REBIND = '/users/ajax/v1/my/emails:rebind';
export const UNBIND = '/individual/proxy/my/email:unbind';
export const VERIFY = '/individual/proxy/my/email:verify';
/** The current user with the email's state. */
export const ME = '/individual/proxy/me?with_email_info=true';

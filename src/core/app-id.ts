/** Whether `value` can be an app id (`codeup`, `flow`): what the message calls accept for their
 * app filter (server/routes/notifications.ts: 1 to 64 characters), without spaces. Read by the
 * message centre's `app` attribute and the standalone page's address alike. */
export const isAppId = (value: string): boolean => /^\S{1,64}$/.test(value);

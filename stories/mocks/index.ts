/**
 * The fake account API of the stories, by domain: data builders that follow the server's answers
 * (server/routes, §7) and MSW handlers serving them on the page's origin. Browser tests that start
 * an MSW worker can use the same handlers: `setupWorker(...tokenHandlers())`.
 */
export * from './common';
export * from './email-verify';
export * from './login';
export * from './notifications';
export * from './organizations';
export * from './package-credential';
export * from './profile';
export * from './settings';
export * from './ssh-keys';
export * from './third-party';
export * from './tokens';

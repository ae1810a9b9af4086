/** The settings shell's own calls (§2: the user's apps, the help link) plus every section's API,
 * for `<yx-settings>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { HELP_LINK_ID, MY_APPS_PATH, helpLinkPath } from '../../src/features/settings/api';
import { route } from './common';
import { packageCredentialHandlers } from './package-credential';
import { profileHandlers } from './profile';
import { sshKeyHandlers } from './ssh-keys';
import { thirdPartyHandlers } from './third-party';
import { tokenHandlers } from './tokens';

export const HELP_URL = 'https://help.example.com/personal-settings';

export const settingsPaths = { apps: route(MY_APPS_PATH), help: route(helpLinkPath(HELP_LINK_ID)) };

/** With code hosting and packages installed every section is offered (§2). */
export const ALL_SECTION_APPS = ['workbench', 'codeup', 'packages'];

/** The apps call answering these identities. */
export const appsAnswer = (identities: string[]) =>
  http.get(settingsPaths.apps, () => HttpResponse.json({ apps: identities.map((identity) => ({ identity })) }));

/** The shell and the sections behind it, every call succeeding. */
export function settingsHandlers(identities: string[] = ALL_SECTION_APPS): HttpHandler[] {
  return [
    appsAnswer(identities),
    http.get(settingsPaths.help, () => HttpResponse.json({ link: HELP_URL })),
    ...profileHandlers(),
    ...tokenHandlers(),
    ...sshKeyHandlers(),
    // The global flavour calls the code-hosting API without the proxy prefix.
    ...sshKeyHandlers(undefined, ''),
    ...packageCredentialHandlers(),
    ...thirdPartyHandlers(),
  ];
}

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../elements/yx-error-page';
import { ERROR_TYPE_NAMES, LOGIN_FAILURE_REASONS } from '../src/features/errors/types';
import { choiceAttribute, elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { REQUEST_ID } from './mocks/common';

/** Every error page of §2 and §8. The element makes no calls; its buttons fire cancelable
 * `yx-navigate` / `yx-relogin` / `yx-reload` events (see the Actions panel). */
const meta = {
  title: 'Elements/yx-error-page',
  ...elementMeta('yx-error-page', {
    type: choiceAttribute('Which error to show (default `generic`).', ERROR_TYPE_NAMES),
    reason: choiceAttribute('Login failure detail (with `type="login-failure"`).', Object.keys(LOGIN_FAILURE_REASONS)),
    'request-id': textAttribute("The failing request's id, shown for support."),
    'home-url': textAttribute('Where "Back to Home" goes (default `/`).'),
  }),
  args: { type: 'generic' },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

export const Generic: Story = {};
export const BadParameter: Story = { args: { type: 'bad-parameter' } };
export const NoPermission: Story = { args: { type: 'no-permission' } };
export const IpRestricted: Story = { args: { type: 'ip-restricted' } };
export const OtherOrganization: Story = { args: { type: 'other-organization' } };
export const OrganizationInaccessible: Story = { args: { type: 'organization-inaccessible' } };
export const NoOrganization: Story = { args: { type: 'no-organization' } };
export const OrderExpired: Story = { args: { type: 'order-expired' } };
export const NotFound: Story = { args: { type: 'not-found' } };
export const ServerError: Story = { args: { type: 'server-error', 'request-id': REQUEST_ID } };
export const ResourceNotInOrganization: Story = { args: { type: 'resource-not-in-organization' } };
export const SystemError: Story = { args: { type: 'system', 'request-id': REQUEST_ID } };
export const ChunkLoadFailure: Story = { args: { type: 'chunk-load' } };
export const LoginFailure: Story = { args: { type: 'login-failure' } };
export const LoginTypeNotSupported: Story = { args: { type: 'login-failure', reason: 'type-not-supported' } };
export const BoundAccountNotFound: Story = { args: { type: 'login-failure', reason: 'bound-account-not-found' } };
export const AccountInfoMissing: Story = { args: { type: 'login-failure', reason: 'account-info-missing' } };
export const RamUser: Story = { args: { type: 'ram-user' } };
/** The global flavour words the RAM-user page for the cloud provider and offers Switch Account. */
export const RamUserGlobal: Story = { args: { type: 'ram-user', flavour: 'global' } };

/**
 * The rules an organization sets for who may enter it, checked in this order so that someone
 * outside learns nothing about an organization's settings:
 *
 * 1. membership — 403 `not_member` (an unknown organization looks the same);
 * 2. the organization is open — 403 `organization_inaccessible` once it is disabled;
 * 3. RAM users (§6) — only those of the purchasing cloud account, else 403 `ram_user_forbidden`;
 * 4. IP allowlist — 403 `ip_restricted` for an address outside every entry;
 * 5. licence / order — 403 `order_expired` from the expiry instant on.
 *
 * They guard the organization-scoped `/uiless/api/organizations/{orgId}/…` routes, the switch
 * of `lastWorkspace`, and every other `/uiless/` call that names a tenant in `x-tenant-id`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../errors';
import { clientAddress } from '../net/client-ip';
import { ipAllowed } from '../net/ip';
import { findMembership } from '../repos/organizations';
import type { Membership } from '../repos/organizations';

/** The errors of organization access, each with its stable code. */
export const orgErrors = {
  notMember: () => new AppError('not_member', 403, 'server.notMember'),
  inaccessible: () => new AppError('organization_inaccessible', 403, 'error.organizationInaccessible'),
  noOrganization: () => new AppError('no_organization', 403, 'error.noOrganization'),
  ramUser: (global: boolean) =>
    new AppError('ram_user_forbidden', 403, global ? 'error.ramUser.global' : 'error.ramUser.default'),
  ipRestricted: () => new AppError('ip_restricted', 403, 'error.ipRestricted'),
  orderExpired: () => new AppError('order_expired', 403, 'error.orderExpired'),
  notFound: () => new AppError('organization_not_found', 404, 'server.organizations.notFound'),
};

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** What the rules look at besides the membership itself. */
export interface AccessContext {
  /** The caller's cloud account when they are a RAM user, else null. */
  cloudAccountId: string | null;
  /** The request's client address (undefined when unknown: fails any allowlist). */
  address: string | undefined;
  now: Date;
  global: boolean;
}

/**
 * The refusal of the first of rules 2–5 that `membership` breaks for this request, or null when
 * they let the caller in: for a caller that only asks whether it may enter (tokens:batch), with
 * no exception for a plain "no". Pure; a fault (bad data) still throws, it is not a refusal.
 */
export function rulesRefusal(membership: Membership, ctx: AccessContext): AppError | null {
  const { org } = membership;
  if (org.disabled_at) return orgErrors.inaccessible();
  if (ctx.cloudAccountId !== null && org.purchaser_cloud_account_id !== ctx.cloudAccountId) {
    return orgErrors.ramUser(ctx.global);
  }
  if (!ipAllowed(ctx.address, org.ip_allowlist)) return orgErrors.ipRestricted();
  if (org.order_expires_at && ctx.now.getTime() >= org.order_expires_at.getTime()) return orgErrors.orderExpired();
  return null;
}

/** Applies rules 2–5 to a membership; throws the first one broken ({@link rulesRefusal}). Pure. */
export function checkRules(membership: Membership, ctx: AccessContext): void {
  const refusal = rulesRefusal(membership, ctx);
  if (refusal) throw refusal;
}

/** The facts of this request that rules 3–5 look at, for the signed-in `user`. */
export function accessContextOf(
  deps: Deps,
  c: Context<AppEnv>,
  user: { cloud_account_id: string | null },
): AccessContext {
  return {
    cloudAccountId: user.cloud_account_id,
    address: clientAddress(c, deps.config.trustProxy),
    now: deps.clock.now(),
    global: deps.config.flavour === 'global',
  };
}

/**
 * Lets the signed-in caller into `orgId` or throws why not (see the file comment). Returns the
 * organization and the caller's role.
 * @param hidden - answer a non-member with 404 `organization_not_found` instead of 403 (for
 * reads that must not confirm an organization exists). @default false
 */
export async function enterOrganization(
  deps: Deps,
  c: Context<AppEnv>,
  orgId: string,
  hidden = false,
): Promise<Membership> {
  const user = c.get('principal')?.user;
  const membership = user && orgId.length <= 64 ? await findMembership(deps.db, orgId, user.id) : undefined;
  if (!user || !membership) throw hidden ? orgErrors.notFound() : orgErrors.notMember();
  checkRules(membership, accessContextOf(deps, c, user));
  return membership;
}

/** `/uiless/` paths that name their organization themselves, or need none: the tenant header
 * does not gate them. `lastWorkspace` must stay open, it is the way out of a blocked tenant. */
const TENANT_EXEMPT = [
  /^\/uiless\/api\/organizations\//,
  /^\/uiless\/api\/sdk\/users\/lastWorkspace$/,
  /^\/uiless\/apps\//,
  /^\/uiless\/api\/helpLink\//,
];

/**
 * For `/uiless/*`: a signed-in call carrying `x-tenant-id` must be allowed into that
 * organization. Calls without a caller or without the header pass through unchanged.
 * @example app.use('/uiless/*', tenantGate(deps))
 */
export function tenantGate(deps: Deps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = c.req.header('x-tenant-id')?.trim();
    if (tenant && c.get('principal') && !TENANT_EXEMPT.some((re) => re.test(c.req.path))) {
      await enterOrganization(deps, c, tenant);
    }
    await next();
  });
}

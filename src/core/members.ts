/**
 * Member name lookup (§5, §7): turns user ids into display names for lists and labels.
 */
import type { HttpClient, HttpResult } from './http';

export interface Member {
  _userId: string;
  name: string;
}

export interface LookupOptions {
  organizationId?: string;
  /** Private deployments use the organization-scoped path. @default false */
  privateDeployment?: boolean;
}

function membersOf(body: unknown): Member[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as Record<string, unknown>).result ?? (body as Record<string, unknown>).members)
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((m): m is Member => Boolean(m) && typeof m._userId === 'string' && typeof m.name === 'string');
}

/** Looks up members by id: `GET /api/members/list?userIds=a,b` (private deployments:
 * `/api/organizations/{orgId}/members/list`). 400 and 401 are not failures: they give an empty
 * list. Accepts an array answer or one under `result` / `members`. No ids, no request. */
export async function lookupMembers(
  http: HttpClient,
  userIds: readonly string[],
  options: LookupOptions = {},
): Promise<HttpResult<Member[]>> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return [null, []];
  const base =
    options.privateDeployment && options.organizationId
      ? `/api/organizations/${encodeURIComponent(options.organizationId)}/members/list`
      : '/api/members/list';
  const [error, body] = await http.get<unknown>(`${base}?userIds=${ids.map(encodeURIComponent).join(',')}`);
  if (error) return error.status === 400 || error.status === 401 ? [null, []] : [error, null];
  return [null, membersOf(body)];
}

/** The member's name, or '' when the id is unknown. */
export function memberName(list: readonly Member[], id: string): string {
  return list.find((m) => m._userId === id)?.name ?? '';
}

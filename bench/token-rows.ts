/** The tokens both server benchmarks give one user (bench/index.ts, bench/tokens-search.ts). */
import type { NewTokenRow } from '../server/repos/tokens';

/**
 * `count` tokens of `userId`: one a minute going back from `now`, a tenth of them already
 * expired, a third with a description.
 * @example await insertTokensBulk(db, benchTokenRows(demo.id, 10_000, Date.now()))
 */
export function benchTokenRows(userId: string, count: number, now: number): NewTokenRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `pat_bench${String(i).padStart(6, '0')}`,
    user_id: userId,
    name: `token ${i}`,
    description: i % 3 === 0 ? `bench token number ${i}` : null,
    scopes: ['codeup:repository:read', 'codeup:repository:write', 'user:profile:read'],
    token_hash: `bench-${i}`,
    created_at: new Date(now - i * 60_000),
    expires_at: new Date(now + (i % 10 === 0 ? -1 : 30) * 86_400_000),
  }));
}

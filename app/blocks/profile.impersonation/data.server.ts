import { getDb } from '~/services/platform/db.server';
import type { BlockContext, TypedBlock } from '../context.server';

/** People the signed-in agent (members) or admin (anyone but admins) may sign in as. */
export default async function resolveImpersonation(_block: TypedBlock<'profile.impersonation'>, { user }: BlockContext) {
  if (!user || (user.role !== 'agent' && user.role !== 'admin')) return { candidates: [] };
  const roles = user.role === 'admin' ? (['member', 'agent'] as const) : (['member'] as const);
  const candidates = await getDb()
    .selectFrom('users')
    .select(['public_id', 'first_name', 'last_name', 'email', 'role', 'is_blocked'])
    .where('org_id', '=', user.org_id)
    .where('role', 'in', roles)
    .where('is_blocked', '=', false)
    .orderBy('email')
    .limit(100)
    .execute();
  return { candidates: candidates.map((c) => ({ userId: c.public_id, name: `${c.first_name} ${c.last_name}`, email: c.email, role: c.role })) };
}

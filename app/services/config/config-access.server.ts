// Who may read and change an organisation's configuration (docs/decisions/0063), from
// config_roles, checked for every console loader and action (app/http/require-console.server.ts
// answers 404 to anyone without the right, so the console of an organisation one cannot see
// does not exist).
import type { LanguageCode } from '~/domain/reference-data';
import { type ConfigAction, type ConfigRole, GRANTABLE_ROLES, configAllows } from '~/domain/config-access';
import type { Database } from '../platform/db.server';
import type { ActiveSession } from '../identity/session.server';
import { appendOrgAudit } from './config-audit.server';
import type { ConfigActor } from './config-store.server';

/** The user's role on `orgId`: the platform's first, then the organisation's own; null: none. */
export async function configRoleOf(db: Database, userId: number, orgId: string): Promise<ConfigRole | null> {
  const rows = await db.selectFrom('config_roles').select(['org_id', 'role']).where('user_id', '=', userId).where('org_id', 'in', [orgId, '*']).execute();
  return (rows.find((r) => r.org_id === '*') ?? rows[0])?.role ?? null;
}

/** Who is at the console, for which organisation, with which role; `language` is what the console speaks to them. */
export type ConsoleCaller = { orgId: string; role: ConfigRole; actor: ConfigActor & { userId: number }; language?: LanguageCode };

/**
 * The caller, when their session may do `action` on `orgId`; else null. An impersonated session
 * never reaches the console: an agent acting as a member is not that member.
 */
export async function findConsoleCaller(db: Database, session: ActiveSession | null, orgId: string, action: ConfigAction): Promise<ConsoleCaller | null> {
  if (!session || session.impersonatorDbId !== null) return null;
  const role = await configRoleOf(db, session.userDbId, orgId);
  if (role === null || !configAllows(role, action)) return null;
  return { orgId, role, actor: { userId: session.userDbId, name: session.user.email } };
}

export type RoleHolder = { userId: number; email: string; role: ConfigRole };

/** Who holds a role on the organisation (its own users), by e-mail. */
export async function configRolesOf(db: Database, orgId: string): Promise<RoleHolder[]> {
  const rows = await db
    .selectFrom('config_roles')
    .innerJoin('users', 'users.id', 'config_roles.user_id')
    .select(['users.id', 'users.email', 'config_roles.role'])
    .where('config_roles.org_id', '=', orgId)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => ({ userId: r.id, email: r.email, role: r.role }));
}

export type RoleChange = { kind: 'changed' } | { kind: 'unknown-user' } | { kind: 'not-grantable' } | { kind: 'own-role' };

/**
 * Gives a user of the organisation (by e-mail) a role, or none (`role` null), audited. Only the
 * organisation's roles; nobody changes their own (an org admin cannot lock themselves out).
 */
export async function setConfigRole(db: Database, caller: ConsoleCaller, email: string, role: ConfigRole | null): Promise<RoleChange> {
  if (role !== null && !GRANTABLE_ROLES.includes(role)) return { kind: 'not-grantable' };
  return db.transaction().execute(async (trx): Promise<RoleChange> => {
    const user = await trx.selectFrom('users').select('id').where('org_id', '=', caller.orgId).where('email_normalized', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!user) return { kind: 'unknown-user' };
    if (user.id === caller.actor.userId) return { kind: 'own-role' };
    if (role === null) await trx.deleteFrom('config_roles').where('org_id', '=', caller.orgId).where('user_id', '=', user.id).execute();
    else {
      await trx
        .insertInto('config_roles')
        .values({ org_id: caller.orgId, user_id: user.id, role })
        .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    }
    await appendOrgAudit(trx, {
      orgId: caller.orgId,
      actor: caller.actor.name,
      action: 'roles',
      versionId: null,
      note: '',
      detail: JSON.stringify({ user: email.trim().toLowerCase(), role }),
    });
    return { kind: 'changed' };
  });
}

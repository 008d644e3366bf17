// Issue 36 acceptance 4: role × action × organisation, through the console's routes (loaders and
// actions called as the server calls them): nothing a role does not allow gets through, and it
// changes nothing; another organisation's admin gets 404; nobody approves their own version.
import { join } from 'node:path';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ACTIONS, type ConfigAction, type ConfigRole, configAllows } from '~/domain/config-access';
import { readConfigFiles } from '~/services/config/config-check.server';
import { headOf, saveDraft, seedConfigStore } from '~/services/config/config-store.server';
import { createSession } from '~/services/identity/session.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import * as overview from '~/routes/admin._index';
import * as edit from '~/routes/admin.edit';
import * as history from '~/routes/admin.history';
import * as roles from '~/routes/admin.roles';
import * as frame from '~/routes/admin';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { freshVisitorOn, loadContextFor } from '../support/load-context';

const ORG = 'voyagerpro';
const OTHER = 'wanderly';

type Route = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: ActionFunctionArgs) => unknown };

/** The answer a route gives `request`, a thrown Response included. */
async function call(route: Route, kind: 'loader' | 'action', request: Request): Promise<Response> {
  try {
    const handler = route[kind]!;
    return (await handler({ request, params: {}, context: await loadContextFor(request) })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('the configuration console, role by role', () => {
  const database = useSeededDatabase('pglite');
  const cookies: Record<string, string> = {};
  const users: Record<string, number> = {};

  async function userWithRole(org: string, key: string, role: ConfigRole | null) {
    const email = `${key}-console@${org}.example`;
    const user = await database.db
      .insertInto('users')
      .values({ org_id: org, email, email_normalized: email, password_hash: null, first_name: 'Cora', last_name: key, role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role)
      await database.db
        .insertInto('config_roles')
        .values({ org_id: role === 'platform-admin' ? '*' : org, user_id: user.id, role })
        .execute();
    users[key] = user.id;
    cookies[key] = (await createSession(freshVisitorOn(hostOf(org)), { userId: user.id })).setCookie.split(';')[0]!;
  }

  beforeAll(async () => {
    await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    for (const role of ['viewer', 'editor', 'publisher'] as const) await userWithRole(ORG, role, role);
    await userWithRole(ORG, 'nobody', null);
    await userWithRole(OTHER, 'platform', 'platform-admin');
    const admin = await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(ORG, 'admin')).executeTakeFirstOrThrow();
    users['org-admin'] = admin.id;
    cookies['org-admin'] = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: admin.id })).setCookie.split(';')[0]!;
    const otherAdmin = await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(OTHER, 'admin')).executeTakeFirstOrThrow();
    cookies['other-admin'] = (await createSession(freshVisitorOn(hostOf(OTHER)), { userId: otherAdmin.id })).setCookie.split(';')[0]!;
  });

  const request = (path: string, cookie: string | undefined, init: { method?: string; form?: Record<string, string>; json?: unknown; host?: string } = {}) =>
    new Request(`http://${init.host ?? hostOf(ORG)}${path}`, {
      method: init.method ?? (init.form || init.json ? 'POST' : 'GET'),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(init.json || init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      // The editor's calls travel as JSON in a form field, as the console sends them.
      body: init.json ? new URLSearchParams({ payload: JSON.stringify(init.json) }).toString() : init.form ? new URLSearchParams(init.form).toString() : undefined,
    });

  /** One call per action, as the console makes it. */
  async function attempt(action: ConfigAction, cookie: string | undefined, options: { host?: string; org?: string } = {}): Promise<Response> {
    const q = options.org ? `?org=${options.org}` : '';
    const head = (await headOf(database.db, options.org ?? ORG))!;
    const at = { host: options.host };
    switch (action) {
      case 'read':
        return call(overview, 'loader', request(`/admin${q}`, cookie, at));
      case 'save': {
        const draft = await database.db.selectFrom('config_versions').select('content').where('id', '=', head.draftId).executeTakeFirstOrThrow();
        return call(
          edit,
          'action',
          request(`/admin/edit${q}`, cookie, { ...at, json: { intent: 'save', baseId: head.draftId, bundle: JSON.parse(draft.content) as unknown, note: 'matrix' } }),
        );
      }
      case 'approve':
        return call(overview, 'action', request(`/admin${q}`, cookie, { ...at, form: { intent: 'approve', versionId: String(head.draftId) } }));
      case 'publish':
        return call(overview, 'action', request(`/admin${q}`, cookie, { ...at, form: { intent: 'publish', versionId: String(head.draftId), note: 'matrix' } }));
      case 'rollback':
        return call(history, 'action', request(`/admin/history${q}`, cookie, { ...at, form: { versionId: String(head.publishedId) } }));
      case 'manage':
        return call(roles, 'loader', request(`/admin/roles${q}`, cookie, at));
    }
  }

  const state = async () => ({
    heads: await database.db.selectFrom('config_heads').selectAll().orderBy('org_id').execute(),
    audit: (await database.db.selectFrom('config_audit').select('seq').execute()).length,
  });

  for (const role of ['viewer', 'editor', 'publisher', 'org-admin'] as const) {
    for (const action of CONFIG_ACTIONS) {
      const allowed = configAllows(role, action);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, async () => {
        const before = await state();
        const answer = await attempt(action, cookies[role]);
        if (allowed) expect(answer.status, await answer.clone().text()).not.toBe(404);
        else {
          expect(answer.status).toBe(404);
          expect(await state()).toEqual(before);
        }
      });
    }
  }

  it('someone signed in without a role, or not signed in, finds no console at all', async () => {
    for (const cookie of [cookies.nobody, undefined]) {
      const before = await state();
      for (const action of CONFIG_ACTIONS) expect((await attempt(action, cookie)).status, action).toBe(404);
      expect((await call(frame, 'loader', request('/admin', cookie))).status).toBe(404);
      expect(await state()).toEqual(before);
    }
  });

  it("another organisation's admin gets 404 for this one's console, whichever way they ask", async () => {
    const before = await state();
    for (const action of CONFIG_ACTIONS) {
      // On their own site, naming this organisation.
      expect((await attempt(action, cookies['other-admin'], { host: hostOf(OTHER), org: ORG })).status, action).toBe(404);
      // Their session cookie sent to this organisation's site opens no session here.
      expect((await attempt(action, cookies['other-admin'])).status, action).toBe(404);
    }
    expect(await state()).toEqual(before);
  });

  it('a platform admin may act on any organisation', async () => {
    expect((await attempt('read', cookies.platform, { host: hostOf(OTHER), org: ORG })).status).toBe(200);
    expect((await attempt('manage', cookies.platform, { host: hostOf(OTHER), org: ORG })).status).toBe(200);
  });

  it('nobody approves their own version', async () => {
    const head = (await headOf(database.db, ORG))!;
    const draft = await database.db.selectFrom('config_versions').select('content').where('id', '=', head.draftId).executeTakeFirstOrThrow();
    const saved = await saveDraft(database.db, {
      orgId: ORG,
      baseId: head.draftId,
      bundle: JSON.parse(draft.content) as never,
      actor: { userId: users.publisher!, name: 'publisher' },
      note: 'mine',
    });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    const own = await call(overview, 'action', request('/admin', cookies.publisher, { form: { intent: 'approve', versionId: String(saved.version.id) } }));
    expect(own.status).toBe(403);
    const other = await call(overview, 'action', request('/admin', cookies['org-admin'], { form: { intent: 'approve', versionId: String(saved.version.id) } }));
    expect(other.status).toBe(200);
  });

  it('a bad body is a 400 that changes nothing', async () => {
    const before = await state();
    const answer = await call(edit, 'action', request('/admin/edit', cookies.editor, { json: { intent: 'save', bundle: 'nope' } }));
    expect(answer.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('tells the validator’s problems in the admin’s language', async () => {
    const head = (await headOf(database.db, ORG))!;
    const draft = await database.db.selectFrom('config_versions').select('content').where('id', '=', head.draftId).executeTakeFirstOrThrow();
    const bundle = JSON.parse(draft.content) as { org: { headerVersion: string } };
    bundle.org.headerVersion = 'v9';
    const body = { intent: 'validate', baseId: head.draftId, bundle };
    const inEnglish = (await (await call(edit, 'action', request('/admin/edit', cookies.viewer, { json: body }))).json()) as { problems: { message: string }[] };
    expect(inEnglish.problems.map((p) => p.message)).toEqual(['must be one of "v1", "v2", "v3"']);
    const inSpanish = (await (await call(edit, 'action', request('/admin/edit', `${cookies.viewer}; lan_code=es-MX`, { json: body }))).json()) as {
      problems: { message: string }[];
    };
    expect(inSpanish.problems.map((p) => p.message)).toEqual(['debe ser uno de "v1", "v2", "v3"']);
  });
});

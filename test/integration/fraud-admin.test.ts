// The console's Travellers page (issue 37 "review queue … block, raise a user's minimum check-in
// days", each audited): an org admin blocks a traveller or raises their lead time; the change, its
// user event and its audit entry land together; bad input and anyone but an org admin change nothing.
import { join } from 'node:path';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import * as travellers from '~/routes/admin.travellers';
import { verifyAudit } from '~/services/config/config-audit.server';
import { readConfigFiles } from '~/services/config/config-check.server';
import { seedConfigStore } from '~/services/config/config-store.server';
import { createSession, getSessionByToken } from '~/services/identity/session.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { freshVisitorOn, loadContextFor } from '../support/load-context';

const ORG = 'voyagerpro';

async function call(kind: 'loader' | 'action', request: Request): Promise<Response> {
  try {
    const handler = travellers[kind] as (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;
    return await handler({ request, params: {}, context: await loadContextFor(request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('the console’s Travellers page', () => {
  const database = useSeededDatabase('pglite');
  let admin = '';
  let editor = '';
  let made = 0;

  async function user(org = ORG, role: 'editor' | null = null) {
    const email = `traveller-${++made}@${org}.example`;
    const row = await database.db
      .insertInto('users')
      .values({ org_id: org, email, email_normalized: email, password_hash: null, first_name: 'Tess', last_name: `T${made}`, role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role) await database.db.insertInto('config_roles').values({ org_id: org, user_id: row.id, role }).execute();
    const session = await createSession(freshVisitorOn(hostOf(org)), { userId: row.id });
    return { id: row.id, email, cookie: session.setCookie.split(';')[0]!, token: session.token };
  }

  const post = (cookie: string, form: Record<string, string>) =>
    call(
      'action',
      new Request(`http://${hostOf(ORG)}/admin/travellers`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
    );
  const stateOf = async (id: number) => ({
    user: await database.db.selectFrom('users').select(['is_blocked', 'min_checkin_days']).where('id', '=', id).executeTakeFirstOrThrow(),
    events: (await database.db.selectFrom('user_events').select(['kind', 'min_checkin_days']).where('user_id', '=', id).orderBy('seq').execute()).map((e) => [
      e.kind,
      e.min_checkin_days,
    ]),
  });
  const lastAudit = () =>
    database.db.selectFrom('config_audit').select(['action', 'note', 'detail', 'actor']).where('org_id', '=', ORG).orderBy('seq', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    const adminId = (await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(ORG, 'admin')).executeTakeFirstOrThrow()).id;
    admin = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: adminId })).setCookie.split(';')[0]!;
    editor = (await user(ORG, 'editor')).cookie;
  });

  it('blocks a traveller with a note: blocked, signed out for good, user_blocked written, audited in the chain that still verifies', async () => {
    const target = await user();
    const answer = await post(admin, { intent: 'block', email: target.email.toUpperCase(), note: 'card testing from three devices' });
    expect(answer.status).toBe(200);
    expect(await stateOf(target.id)).toEqual({ user: { is_blocked: true, min_checkin_days: null }, events: [['user_blocked', null]] });
    expect(await getSessionByToken({ token: target.token, orgId: ORG })).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'block', note: 'card testing from three devices', detail: JSON.stringify({ user: target.email }) });
    expect(await verifyAudit(database.db)).toEqual([]);
    // Listed, and a second block says so and writes nothing.
    const page = (await (await call('loader', new Request(`http://${hostOf(ORG)}/admin/travellers`, { headers: { cookie: admin } }))).json()) as {
      travellers: { email: string; blocked: boolean }[];
    };
    expect(page.travellers).toContainEqual(expect.objectContaining({ email: target.email, blocked: true }));
    expect((await post(admin, { intent: 'block', email: target.email, note: 'again' })).status).toBe(409);
    expect((await stateOf(target.id)).events).toHaveLength(1);
  });

  it('raises and resets a traveller’s minimum check-in days, each with its event and audit entry', async () => {
    const target = await user();
    expect((await post(admin, { intent: 'min-days', email: target.email, days: '12', note: 'last-minute bookings on new cards' })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'min-checkin-days', detail: JSON.stringify({ user: target.email, days: 12 }) });
    expect((await post(admin, { intent: 'min-days', email: target.email, days: '' })).status).toBe(200);
    expect(await stateOf(target.id)).toEqual({
      user: { is_blocked: false, min_checkin_days: null },
      events: [
        ['min_checkin_days_updated', 12],
        ['min_checkin_days_updated', null],
      ],
    });
    expect(await verifyAudit(database.db)).toEqual([]);
  });

  it('refuses bad input, an unknown or foreign traveller, one’s own account and anyone but an org admin, changing nothing', async () => {
    const target = await user();
    const foreign = await user('wanderly');
    const before = await database.db
      .selectFrom('config_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refusals: [string, Record<string, string>, number][] = [
      [admin, { intent: 'block', email: target.email, note: '' }, 400],
      [admin, { intent: 'block', email: target.email, note: 'x'.repeat(501) }, 400],
      [admin, { intent: 'min-days', email: target.email, days: '366' }, 400],
      [admin, { intent: 'min-days', email: target.email, days: '2.5' }, 400],
      [admin, { intent: 'min-days', email: target.email, days: 'soon' }, 400],
      [admin, { intent: 'unblock', email: target.email }, 400],
      [admin, { intent: 'block', email: 'nobody@voyagerpro.example', note: 'why' }, 404],
      [admin, { intent: 'block', email: foreign.email, note: 'why' }, 404],
      [admin, { intent: 'block', email: demoEmail(ORG, 'admin'), note: 'why' }, 403],
      [editor, { intent: 'block', email: target.email, note: 'why' }, 404],
      [target.cookie, { intent: 'block', email: target.email, note: 'why' }, 404],
    ];
    for (const [cookie, form, status] of refusals) expect((await post(cookie, form)).status, JSON.stringify(form)).toBe(status);
    expect(await stateOf(target.id)).toEqual({ user: { is_blocked: false, min_checkin_days: null }, events: [] });
    expect(await stateOf(foreign.id)).toEqual({ user: { is_blocked: false, min_checkin_days: null }, events: [] });
    const after = await database.db
      .selectFrom('config_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getOrgById } from '~/services/config/config.server';
import { parsePreferenceUpdate, saveUserPreferences } from '~/services/identity/preferences.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { createSession, getSessionByToken } from '~/services/identity/session.server';
import { freshVisitorOn } from '../support/load-context';
import { type Backend, useSeededDatabase } from '../support/databases';

/** Issue 10: the date-format lookup (spec §6, §9), read with the session, on both engines. */
const backends: Backend[] = ['pglite', 'postgres'];

describe.each(backends)('date-format lookup on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('defaults to DD/MM/YYYY, follows a saved preference, is looked up as usr_type 2 and refuses unknown formats in the column', async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    const db = database.db;
    const org = getOrgById('wanderly')!;
    const { id } = await db.selectFrom('users').select('id').where('email', '=', demoEmail('wanderly', 'member')).executeTakeFirstOrThrow();
    const { token } = await createSession(freshVisitorOn('localhost'), { userId: id });
    const sessionFormat = async () => (await getSessionByToken({ token, orgId: 'wanderly' }))?.dateFormat;
    expect(await sessionFormat()).toBe('DD/MM/YYYY');

    await saveUserPreferences(id, parsePreferenceUpdate({ usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD', date_format: 'MM/DD/YYYY' }, org));
    expect(await sessionFormat()).toBe('MM/DD/YYYY');
    // Another user type has no consumer date format: the default.
    await db.updateTable('users').set({ usr_type: 1 }).where('id', '=', id).execute();
    expect(await sessionFormat()).toBe('DD/MM/YYYY');
    await db.updateTable('users').set({ usr_type: 2 }).where('id', '=', id).execute();
    // A preference update without a format keeps the saved one.
    await saveUserPreferences(id, parsePreferenceUpdate({ usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD' }, org));
    expect(await sessionFormat()).toBe('MM/DD/YYYY');

    // The column takes only the allowed formats.
    await expect(sql`update users set date_format = 'dd.mm.yy' where id = ${id}`.execute(db)).rejects.toThrow();
    await db.updateTable('users').set({ date_format: null }).where('id', '=', id).execute();
    expect(await sessionFormat()).toBe('DD/MM/YYYY');
  });
});

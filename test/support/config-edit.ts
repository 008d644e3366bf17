import type { RawBundle } from '~/domain/config-bundle';
import { bundleOf, headOf, publishDraft, rollbackTo, saveDraft } from '~/services/config/config-store.server';
import { openDatabase } from '~/services/platform/db.server';

const TEST_ACTOR = { userId: null, name: 'e2e' };

/**
 * Publishes a change of one organisation's configuration on a running server's PostgreSQL
 * database, as the console would (the server installs it at commit); answers how to publish the
 * version before it again (a rollback).
 */
export async function publishConfigChange(databaseUrl: string, orgId: string, change: (bundle: RawBundle) => void): Promise<() => Promise<void>> {
  const { db } = await openDatabase({ databaseUrl, poolSize: 1 });
  let before: number;
  try {
    const head = (await headOf(db, orgId))!;
    before = head.publishedId;
    const bundle = bundleOf(await db.selectFrom('config_versions').select('content').where('id', '=', before).executeTakeFirstOrThrow());
    change(bundle);
    const saved = await saveDraft(db, { orgId, baseId: head.draftId, bundle, actor: TEST_ACTOR, note: 'e2e change' });
    if (saved.kind !== 'saved') throw new Error(`draft not saved: ${saved.kind}`);
    const result = await publishDraft(db, { orgId, versionId: saved.version.id, actor: TEST_ACTOR, note: 'e2e change' });
    if (result.kind !== 'published') throw new Error(`not published: ${JSON.stringify(result)}`);
  } finally {
    await db.destroy();
  }
  return async () => {
    const { db: again } = await openDatabase({ databaseUrl, poolSize: 1 });
    try {
      await rollbackTo(again, { orgId, versionId: before, actor: TEST_ACTOR, note: 'e2e change undone' });
    } finally {
      await again.destroy();
    }
  };
}

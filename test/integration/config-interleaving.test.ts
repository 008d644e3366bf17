// Issue 36 acceptance 3, "0 silent overwrites in a randomised interleaving test": three admins
// edit one organisation's draft from whatever version they last loaded, and save in a random
// order through the console's own save (consoleSave: the three-way merge and the store's stale
// check). After every save, each field the saver changed holds the saver's value, and every other
// field holds what the draft held before: nobody's saved change is lost without a clash. A clash
// saves nothing; the admin then chooses a side per field, and the chosen value is what is saved.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClashChoices, Json } from '~/domain/json-merge';
import type { ConsoleCaller } from '~/services/config/config-access.server';
import { consoleSave } from '~/services/config/config-console.server';
import { readConfigFiles } from '~/services/config/config-check.server';
import { bundleOf, headOf, seedConfigStore, versionOf } from '~/services/config/config-store.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { useSeededDatabase } from '../support/databases';
import { seededRandom } from '../support/seeded-random';

const ORG = 'voyagerpro';
const ROUNDS = 120;

type Path = string[];

/** The paths of the org config's string values outside lists (lists merge whole or by id, as json-merge's own tests show). */
function stringLeaves(value: Json, at: Path = []): Path[] {
  if (typeof value === 'string') return [at];
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...at, key]));
  return [];
}

const read = (value: Json, path: Path): Json => path.reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, value);

function write(value: Json, path: Path, text: string): Json {
  const copy = structuredClone(value);
  const parent = read(copy, path.slice(0, -1)) as Record<string, Json>;
  parent[path.at(-1)!] = text;
  return copy;
}

const pointer = (path: Path) => `/org/${path.map((key) => key.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

describe('three admins saving one draft in a random interleaving', () => {
  const database = useSeededDatabase('pglite');
  let caller: ConsoleCaller;

  beforeAll(async () => {
    await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    const admin = await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(ORG, 'admin')).executeTakeFirstOrThrow();
    caller = { orgId: ORG, role: 'org-admin', actor: { userId: admin.id, name: `admin@${ORG}.example` } };
  });

  async function draft(): Promise<{ id: number; org: Json }> {
    const head = (await headOf(database.db, ORG))!;
    return { id: head.draftId, org: bundleOf((await versionOf(database.db, ORG, head.draftId))!).org as Json };
  }

  it(`${ROUNDS} saves: every change is kept or shown as a clash and chosen; 0 silent overwrites`, async () => {
    const { chance, int, pick } = seededRandom(3_600);
    const start = await draft();
    // A handful of fields, so the admins often touch the same one.
    const fields = Array.from({ length: 6 }, () => pick(stringLeaves(start.org)));
    const admins = Array.from({ length: 3 }, () => ({ baseId: start.id, base: start.org, mine: start.org }));
    const tally = { saved: 0, merged: 0, clashes: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      const admin = pick(admins);
      // An edit or two, then (often) a save; sometimes the admin reloads the draft first.
      if (chance(0.15)) {
        const current = await draft();
        Object.assign(admin, { baseId: current.id, base: current.org, mine: current.org });
      }
      for (let edits = int(1, 2); edits > 0; edits--) admin.mine = write(admin.mine, pick(fields), `round ${round} ${int(0, 2)}`);
      if (chance(0.3)) continue;

      const before = await draft();
      const raw = bundleOf((await versionOf(database.db, ORG, admin.baseId))!);
      const save = (choices?: ClashChoices) => consoleSave(database.db, caller, { baseId: admin.baseId, bundle: { ...raw, org: admin.mine }, note: `round ${round}`, choices });
      let answer = await save();
      let chosen: ClashChoices = {};
      if (answer.kind === 'clash') {
        tally.clashes += 1;
        expect((await draft()).id, 'a clash saves nothing').toBe(before.id);
        for (const clash of answer.clashes) {
          expect(clash.pointer.startsWith('/org/'), clash.pointer).toBe(true);
          expect(clash.theirs, 'a clash is where both changed the field differently').not.toEqual(clash.mine);
        }
        chosen = Object.fromEntries(answer.clashes.map((clash) => [clash.pointer, chance(0.5) ? 'mine' : 'theirs']));
        answer = await save(chosen);
      }
      expect(['saved', 'merged'], JSON.stringify(answer).slice(0, 300)).toContain(answer.kind);
      tally[answer.kind as 'saved' | 'merged'] += 1;

      const after = await draft();
      for (const path of stringLeaves(start.org)) {
        const mine = read(admin.mine, path);
        const changedByMe = mine !== read(admin.base, path);
        const choice = chosen[pointer(path)];
        const expected = choice === 'theirs' || (!changedByMe && choice !== 'mine') ? read(before.org, path) : mine;
        expect(read(after.org, path), `${pointer(path)} after round ${round}`).toBe(expected);
      }
      Object.assign(admin, { baseId: after.id, base: after.org, mine: after.org });
    }
    console.info(
      `config interleaving: ${tally.saved} saved on the current draft, ${tally.merged} merged over another's save, ${tally.clashes} clashes chosen; 0 silent overwrites`,
    );
    expect(tally.merged).toBeGreaterThan(0);
    expect(tally.clashes).toBeGreaterThan(0);
  });
});

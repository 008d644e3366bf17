// Issue 36 acceptance 5, through the npm scripts on an embedded database of their own:
// config:export → config:import → config:export gives the same bytes (and the seed files' own);
// an import the validator refuses changes nothing; audit:verify fails once one audit row is edited.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/services/platform/db.server';

const ROOT = join(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'config-scripts-'));
const dataDir = join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'config.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** Every file of an export, by path. */
function filesUnder(dir: string): Map<string, string> {
  return new Map(
    ['org-configs', 'layouts'].flatMap((folder) => readdirSync(join(dir, folder)).map((name) => [`${folder}/${name}`, readFileSync(join(dir, folder, name), 'utf8')] as const)),
  );
}

// Seven runs of the script, each a Node start with its own embedded database: slow on a busy CI machine.
const SCRIPT_RUNS_TIMEOUT_MS = 240_000;

describe('config:export, config:import, audit:verify', () => {
  it('round-trips byte for byte, refuses a broken import whole, and verifies the audit chain until a row is edited', { timeout: SCRIPT_RUNS_TIMEOUT_MS }, async () => {
    const [a, b] = [join(work, 'a'), join(work, 'b')];
    expect(await run('export', a)).toMatchObject({ code: 0 });
    const first = filesUnder(a);
    // The seed files are the export format: the first export is them.
    expect([...first.keys()].length).toBe(readdirSync(join(ROOT, 'org-configs')).length + readdirSync(join(ROOT, 'layouts')).length);
    for (const [path, text] of first) expect(text, path).toBe(readFileSync(join(ROOT, path), 'utf8'));
    expect((await run('import', a)).out).toContain('Nothing to import');
    expect(await run('export', b)).toMatchObject({ code: 0 });
    expect(filesUnder(b)).toEqual(first);

    // A change imports as a new published version; a broken one is refused with its problem, whole.
    const voyagerpro = join(a, 'org-configs', 'voyagerpro.json');
    writeFileSync(voyagerpro, first.get('org-configs/voyagerpro.json')!.replace('"headerVersion": "v2"', '"headerVersion": "v3"'));
    expect((await run('import', a)).out).toContain('Published: voyagerpro.');
    writeFileSync(join(a, 'org-configs', 'wanderly.json'), first.get('org-configs/wanderly.json')!.replace('"defaultLanguage": "en-US"', '"defaultLanguage": "fr-FR"'));
    const refused = await run('import', a);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('org-configs/wanderly.json: locale.defaultLanguage: must be one of locale.languages');
    expect(await run('export', b)).toMatchObject({ code: 0 });
    expect(readFileSync(join(b, 'org-configs', 'voyagerpro.json'), 'utf8')).toContain('"headerVersion": "v3"');
    expect(readFileSync(join(b, 'org-configs', 'wanderly.json'), 'utf8')).toBe(first.get('org-configs/wanderly.json'));

    expect(await run('audit-verify')).toMatchObject({ code: 0 });
    const { db } = await openDatabase({ dataDir });
    await sql`alter table config_audit disable trigger config_audit_append_only`.execute(db);
    await sql`update config_audit set actor = 'someone else' where seq = (select max(seq) from config_audit where org_id = 'voyagerpro')`.execute(db);
    await db.destroy();
    const tampered = await run('audit-verify');
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(/voyagerpro: entry \d+ was changed after it was written/);
  });
});

// Issue 37 acceptance 8: the licence check of `npm test` refuses GPL, AGPL, BSL and SSPL packages
// (and packages without a licence) in the production tree, through the script `npm test` runs.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { licenceRefusal, refusedPackages } from '../../scripts/licences';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'licences');

describe('the licence check', () => {
  it('reads SPDX expressions: one acceptable choice of an OR is enough, every part of an AND must be', () => {
    expect(licenceRefusal('MIT')).toBeNull();
    expect(licenceRefusal('(Unlicense OR Apache-2.0)')).toBeNull();
    expect(licenceRefusal('LGPL-2.1-only')).toBeNull();
    expect(licenceRefusal('(MIT OR GPL-3.0-only)')).toBeNull();
    expect(licenceRefusal('(MIT AND GPL-2.0-only)')).toBe('is under (MIT AND GPL-2.0-only)');
    for (const refused of ['GPL-3.0-only', 'AGPL-3.0-or-later', 'BUSL-1.1', 'BSL-1.1', 'SSPL-1.0', 'Business Source License 1.1'])
      expect(licenceRefusal(refused), refused).not.toBeNull();
    expect(licenceRefusal(undefined)).toBe('names no licence');
  });

  it('refuses the fixture’s GPL, AGPL, BSL, SSPL and unlicensed production packages, and not its dev-only one', () => {
    expect(refusedPackages(FIXTURE)).toEqual([
      'copyleft@2.0.0: is under GPL-3.0-or-later',
      'network-copyleft@1.2.0: is under AGPL-3.0-only',
      'source-available@4.0.0: is under BUSL-1.1',
      'server-side@1.0.0: is under SSPL-1.0',
      'both@1.0.0: is under (MIT AND GPL-2.0-only)',
      'nameless@0.1.0: names no licence',
    ]);
    let failed: { status: number; stdout: string } | undefined;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'licences.ts'), FIXTURE], { encoding: 'utf8' });
    } catch (error) {
      failed = error as { status: number; stdout: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stdout).toContain('6 production package(s) under a licence we do not ship');
  });

  it('passes on our own production tree', () => {
    expect(refusedPackages(ROOT)).toEqual([]);
  });
});

// Upgrades that install (issue 38 item 9): a security release of a package our install fixes
// must never break `npm ci`. In a scratch project holding the fixed packages at our locked
// versions and our postinstall, react-router-dom is bumped to a newer patch release (as a security
// release would be); `npm ci` succeeds, says loudly which fix it skipped, and the fixes-active
// report names it, while every other fix is in force. Needs the npm registry (as `npm ci` does).
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { fixes } from '../../scripts/patch-dependencies.mjs';

const run = promisify(execFile);
const BUMPED = { name: 'react-router-dom', from: '6.30.4', to: '6.30.6' };

type Report = { fix: string; writtenFor: string; installed: string | null; active: boolean; why: string | null }[];

it(`npm ci succeeds with ${BUMPED.name} bumped from ${BUMPED.from} to ${BUMPED.to}, and the report names the one fix it skipped`, async () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version: string }> };
  const names = [...new Set([...(fixes as { name: string }[]).map((fix) => fix.name), 'react-dom'])];
  const locked = Object.fromEntries(names.map((name) => [name, lock.packages[`node_modules/${name}`]!.version]));
  expect(locked[BUMPED.name], 'the bump starts from the version our fix was written for').toBe(BUMPED.from);

  const scratch = mkdtempSync(path.join(tmpdir(), 'tp-upgrade-'));
  try {
    mkdirSync(path.join(scratch, 'scripts'));
    cpSync('scripts/patch-dependencies.mjs', path.join(scratch, 'scripts/patch-dependencies.mjs'));
    writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({
        name: 'upgrade-scratch',
        private: true,
        type: 'module',
        scripts: { postinstall: 'node scripts/patch-dependencies.mjs' },
        dependencies: { ...locked, [BUMPED.name]: BUMPED.to },
        // Remix names react-router-dom's version: the bump goes through overrides.
        overrides: { [BUMPED.name]: BUMPED.to },
      }),
    );
    const npm = (args: string[]) => run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: scratch, maxBuffer: 16 * 1024 * 1024 });
    await npm(['install', '--package-lock-only', '--ignore-scripts']);
    const install = await npm(['ci']);
    const said = `${install.stdout}\n${install.stderr}`;
    expect(said).toContain(`${BUMPED.name} is ${BUMPED.to}; its fix was written for ${BUMPED.from}`);
    expect(said).toContain('fixes NOT applied (the install is fine');

    const report = JSON.parse((await run(process.execPath, ['scripts/patch-dependencies.mjs', '--report', '--json'], { cwd: scratch })).stdout) as Report;
    const skipped = report.filter((row) => !row.active);
    expect(skipped).toEqual([
      {
        fix: `${BUMPED.name}/server.js`,
        writtenFor: BUMPED.from,
        installed: BUMPED.to,
        active: false,
        why: `installed ${BUMPED.to}, written for ${BUMPED.from}`,
      },
    ]);
    expect(report.filter((row) => row.active)).toHaveLength(report.length - 1);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

// README's install command is `npm ci`, and `.ci/run` proves it on a clean clone. `npm ci`
// refuses a lock that omits an optional dependency of a locked package (a platform binary the
// registry here lacked when the lock was written), so the lock must list every one of them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockedPackage = { version?: string; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };

/** Node's lookup from the package at lock key `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

describe('a clean install', () => {
  it('the lock lists every optional dependency of every locked package', () => {
    const missing: string[] = [];
    for (const [key, locked] of Object.entries(lock.packages)) {
      for (const name of Object.keys(locked.optionalDependencies ?? {})) {
        if (!resolves(key, name)) missing.push(`${key} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('.ci/run installs with README’s npm ci and no fallback', () => {
    const script = readFileSync('.ci/run', 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(script).toMatch(/^npm ci\b/m);
    expect(script).not.toMatch(/npm install\b/);
    expect(readFileSync('README.md', 'utf8')).toContain('npm ci && npm test');
  });
});

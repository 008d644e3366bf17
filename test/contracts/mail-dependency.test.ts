// nodemailer is past every advisory published against it (issue 33 item 5). The registry's audit
// endpoint does not answer on these machines, so the advisories are listed here with the version
// that fixed each; a downgrade, or a lock that pins an older copy, fails this test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ADVISORIES = [
  { id: 'GHSA-mm7p-fcc7-pg87 (an address read as another domain: interpretation conflict)', fixedIn: '7.0.7' },
  { id: 'CVE-2025-14874 (address parser recursion: crash)', fixedIn: '7.0.11' },
  { id: 'GHSA-268h-hp4c-crq3 (CRLF injection in List-* header comments)', fixedIn: '9.0.1' },
  { id: 'GHSA-wqvq-jvpq-h66f (jsonTransport bypasses disableFileAccess/disableUrlAccess)', fixedIn: '9.0.1' },
  { id: 'GHSA-2x7j-588g-ccc2 (quadratic address list parsing: denial of service)', fixedIn: '9.1.0' },
];

const parts = (version: string) => version.split('.').map((part) => Number.parseInt(part, 10));
function atLeast(version: string, minimum: string): boolean {
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

describe('nodemailer', () => {
  const require = createRequire(import.meta.url);
  const installed = (JSON.parse(readFileSync(require.resolve('nodemailer/package.json'), 'utf8')) as { version: string }).version;

  it.each(ADVISORIES)('is past $id', ({ fixedIn }) => {
    expect(atLeast(installed, fixedIn), `nodemailer ${installed} < ${fixedIn}`).toBe(true);
  });

  it('is pinned in package.json to the version installed', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies.nodemailer;
    expect(pinned).toBe(installed);
  });
});

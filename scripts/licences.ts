// The licence check of `npm test` (issue 37): every package the production build and server can
// load is under a licence a white-label operator may ship without opening their own code or
// buying a licence. Strong copyleft (GPL, AGPL), source-available (BSL/BUSL, SSPL) and packages
// that name no licence are refused. Read from package-lock.json, which names each package's
// licence: no install needed, and dev-only packages (tests, build tools) are left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Licence ids and names a production package may not carry. `LGPL` is not `GPL`: linking is allowed. */
const REFUSED = /(^|[^L\w])(A?GPL|BUSL|BSL|SSPL)\b|Business Source|Server Side Public/i;

/**
 * Why a package under `licence` (an SPDX expression as package.json writes it) cannot ship, or
 * null. With `OR`, one acceptable choice is enough; with `AND`, every part must be acceptable.
 */
export function licenceRefusal(licence: string | undefined): string | null {
  if (!licence || !licence.trim()) return 'names no licence';
  const choices = licence.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  const acceptable = choices.some((choice) => choice.split(/\s+AND\s+/i).every((part) => !REFUSED.test(part.trim())));
  return acceptable ? null : `is under ${licence}`;
}

type LockPackage = { license?: string; dev?: boolean; version?: string };

/** The refused production packages of the package-lock.json in `root`, as `name@version: reason`. */
export function refusedPackages(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev)
    .flatMap(([path, entry]) => {
      const refusal = licenceRefusal(entry.license);
      return refusal ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}: ${refusal}`] : [];
    });
}

if (process.argv[1]?.endsWith('licences.ts')) {
  const root = process.argv[2] ?? process.cwd();
  const refused = refusedPackages(root);
  for (const line of refused) console.log(line);
  if (refused.length > 0) {
    console.log(`\n${refused.length} production package(s) under a licence we do not ship (scripts/licences.ts).`);
    process.exit(1);
  }
  console.log('Licences OK: every production package is under a licence we may ship.');
}

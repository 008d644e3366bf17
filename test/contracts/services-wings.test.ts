// Issue 35 item 4: the services live in wings (catalog, booking, payments, stored-value,
// membership, identity, platform, site, seed, suppliers), each a room a reader can hold in
// their head. A file dropped at the top of app/services, or a wing grown past ~15 files, fails
// here: split the wing, or find the file its real home.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVICES = join(__dirname, '..', '..', 'app', 'services');
const MAX_FILES_PER_WING = 15;

const entries = () => readdirSync(SERVICES, { withFileTypes: true });

describe('services in wings', () => {
  it('nothing lives at the top of app/services: every service has its wing', () => {
    expect(
      entries()
        .filter((entry) => !entry.isDirectory())
        .map((entry) => entry.name),
    ).toEqual([]);
  });

  it(`no wing holds more than ${MAX_FILES_PER_WING} files (its tests included)`, () => {
    const crowded = entries()
      .filter((entry) => entry.isDirectory())
      .map((wing) => ({ wing: wing.name, files: readdirSync(join(SERVICES, wing.name), { recursive: true }).length }))
      .filter(({ files }) => files > MAX_FILES_PER_WING);
    expect(crowded).toEqual([]);
  });
});

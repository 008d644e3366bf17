// What is kept of a client address (issue 37 acceptance 7): a keyed hash, the same for one
// address on every instance, another for another address, never the address itself.
import { describe, expect, it } from 'vitest';
import { addressKeyOf, addressKeyWith } from '~/services/platform/address-key.server';
import { openDatabase } from '~/services/platform/db.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];

describe('addressKeyWith', () => {
  it('is `a:` and 22 characters of an HMAC: one per address and key, never the address', () => {
    const key = addressKeyWith('k1', '203.0.113.5');
    expect(key).toMatch(/^a:[\w-]{22}$/);
    expect(key).not.toContain('203.0.113.5');
    expect(addressKeyWith('k1', '203.0.113.5')).toBe(key);
    expect(addressKeyWith('k1', '203.0.113.6')).not.toBe(key);
    expect(addressKeyWith('k2', '203.0.113.5')).not.toBe(key);
  });
});

describe.each(backends)('addressKeyOf on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('hashes under the database’s one key: a second instance (its own pool) gets the same hash', async (ctx) => {
    if (database.skip) return ctx.skip();
    const key = await addressKeyOf('198.51.100.23', database.db);
    expect(key).toMatch(/^a:[\w-]{22}$/);
    if (backend !== 'postgres') return;
    const second = await openDatabase({ databaseUrl: database.url!, poolSize: 1 });
    try {
      expect(await addressKeyOf('198.51.100.23', second.db)).toBe(key);
    } finally {
      await second.db.destroy();
    }
  });
});

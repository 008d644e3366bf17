/**
 * Hotel search over the scaled catalogue (issue 15: eight hotels and two homes per destination)
 * as a ratio to the same search over the catalogue's old size (three hotels per destination, as
 * before issue 15), measured side by side in one run so machine noise hits both alike.
 *
 *   npm run bench:search [seconds-per-run=3] [rounds=3] [backend=pglite|postgres]
 *
 * Two databases, migrated and seeded the same way; in the "old size" one the hotels added by
 * issue 15 are deleted (their rooms go with them). Each run searches every destination in turn,
 * for a stay 30 nights out, with the built-in supplier's `search` (the query the results page
 * makes: properties, room types, free units, prices). The runs alternate (old, scaled, old, …)
 * `rounds` times; the medians of searches per second are compared. Also printed: the catalogue
 * seed's time on a fresh database. Prints figures, never fails on them: a benchmark is not a test.
 * On PostgreSQL a scratch database is created and dropped (DATABASE_URL_TEST, as the tests use).
 */
import { destinations } from '~/domain/destinations-data';
import { loadConfigRegistry } from '~/services/config/config.server';
import { type OpenedDatabase, openDatabase, setDatabase } from '~/services/platform/db.server';
import { migrateToLatest } from '~/services/platform/migrations.server';
import { seedCatalogue, syncReferenceData } from '~/services/seed/seed.server';
import { builtInHotelSupplier as hotels } from '~/services/suppliers/hotels.server';
import { createScratchDatabase } from '../test/support/postgres';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 3);
const backend = process.argv[4] === 'postgres' ? 'postgres' : 'pglite';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const registry = loadConfigRegistry();

async function seeded(): Promise<{ opened: OpenedDatabase; seedMs: number; drop: () => Promise<void> }> {
  const scratch = backend === 'postgres' ? await createScratchDatabase() : undefined;
  const opened = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 5 } : { dataDir: 'memory://' });
  await migrateToLatest(opened.db);
  await syncReferenceData(opened.db, registry);
  const started = performance.now();
  await seedCatalogue(opened.db);
  const seedMs = performance.now() - started;
  return {
    opened,
    seedMs,
    drop: async () => {
      await opened.db.destroy();
      await scratch?.drop();
    },
  };
}

const scaled = await seeded();
const old = await seeded();
// The old catalogue: only the three hotels every destination had before issue 15.
await old.opened.db
  .deleteFrom('hotels')
  .where('property_type', '=', 'hotel')
  .where((eb) => eb.not(eb.or(['-grand-plaza', '-harbour-view', '-casa-central'].map((end) => eb('slug', 'like', `%${end}`)))))
  .execute();
const count = async (opened: OpenedDatabase) =>
  Number(
    (
      await opened.db
        .selectFrom('hotels')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('property_type', '=', 'hotel')
        .executeTakeFirstOrThrow()
    ).n,
  );

const context = { orgId: 'wanderly', userId: null, priceType: 'B2C' as const };
const stay = { propertyType: 'hotel' as const, checkin: inDays(30), checkout: inDays(33), rooms: 1, guestsPerRoom: 2 };

async function searchesPerSecond(opened: OpenedDatabase): Promise<number> {
  setDatabase(opened);
  let done = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const offers = await hotels.search({ ...stay, destination: destinations[done % destinations.length]!.slug }, context);
    if (offers.length === 0) throw new Error('a search found nothing');
    done++;
  }
  return done / seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const samples = { old: [] as number[], scaled: [] as number[] };
// One warm-up each: the first queries of a database plan and cache.
await searchesPerSecond(old.opened);
await searchesPerSecond(scaled.opened);
for (let round = 0; round < rounds; round++) {
  samples.old.push(await searchesPerSecond(old.opened));
  samples.scaled.push(await searchesPerSecond(scaled.opened));
}

const oldRate = median(samples.old);
const scaledRate = median(samples.scaled);
console.log(`hotel search on ${backend}, ${seconds}s × ${rounds} rounds, every destination in turn`);
console.log(`  old size     ${String(await count(old.opened)).padStart(4)} hotels: ${oldRate.toFixed(0).padStart(6)} searches/s (${(1000 / oldRate).toFixed(2)} ms each)`);
console.log(`  scaled seed  ${String(await count(scaled.opened)).padStart(4)} hotels: ${scaledRate.toFixed(0).padStart(6)} searches/s (${(1000 / scaledRate).toFixed(2)} ms each)`);
console.log(
  `  ratio scaled / old: ${(scaledRate / oldRate).toFixed(2)} (1.00 = as fast; each search now prices ${((await count(scaled.opened)) / (await count(old.opened))).toFixed(1)}× the hotels)`,
);
console.log(`  catalogue seed on a fresh database: ${scaled.seedMs.toFixed(0)} ms`);
await scaled.drop();
await old.drop();

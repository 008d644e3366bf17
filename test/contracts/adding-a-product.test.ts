// Issue 35 acceptance 3 (second half): adding a scheduled-offer product takes the files
// docs/adding-a-product.md says, and no other. In a copy of the repository, a throw-away product
// (tours, code TOUR) is added by editing exactly those files; then the whole program still
// compiles (every closed table and switch accepts it), the configs validate, the registry's and
// the page table's own tests pass with it, and the product works on a seeded database: its
// search finds tours, its results, details and checkout pages load through the one page table, a
// tour is held with a quote, and My trips reads its trip item.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repo = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'tp-add-product-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const entry of [
  'app',
  'schemas',
  'scripts',
  'server',
  'test',
  'layouts',
  'org-configs',
  'public',
  'tsconfig.json',
  'package.json',
  'remix.config.js',
  'remix.env.d.ts',
  'vitest.config.ts',
]) {
  cpSync(path.join(repo, entry), path.join(scratch, entry), { recursive: true });
}
symlinkSync(path.join(repo, 'node_modules'), path.join(scratch, 'node_modules'));

/** `text` with `anchor` replaced; an anchor that moved fails here, naming it, rather than later. */
function replaceOnce(file: string, text: string, anchor: string, replacement: string) {
  if (text.split(anchor).length !== 2) throw new Error(`${file}: expected "${anchor}" exactly once`);
  return text.replace(anchor, replacement);
}

/** Adds messages before the end of a language's table (the file ends with `};` or `} as const;`). */
function addMessages(file: string, text: string, messages: Record<string, string>) {
  const lines = Object.entries(messages).map(([key, value]) => `  '${key}': ${JSON.stringify(value)},\n`);
  const end = text.lastIndexOf('\n}');
  if (end < 0) throw new Error(`${file}: no end of the messages table`);
  return `${text.slice(0, end + 1)}${lines.join('')}${text.slice(end + 1)}`;
}

const TOUR_ENTRY = `import { offerTripList } from '~/products/offer/offer-trip';
import { offerQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Guided tours: a place per guest on a day's tour (a scheduled offer). */
export const tour = defineProduct({
  code: 'TOUR',
  loyaltyCode: 'TOUR',
  family: 'offer',
  pathSegments: ['tours'],
  landingPages: [{ slug: 'tours', search: true, adsCategory: 'TOUR', nav: true }],
  pages: { searchForm: '/tours', results: '/tours/search-details', details: '/tours/details', checkout: '/tours/checkout' },
  membersOnlyAds: false,
  quote: { party: 'guests', ...offerQuoteLines },
  success: { page: '/tours/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList: offerTripList,
  offer: {
    unitsPer: 'guest',
    priceBy: 'guest',
    maxGuests: 6,
    searchFields: ['destination', 'date', 'guests'],
    facts: { theme: 'string', stops: 'strings' },
    booked: ['theme'],
  },
});
`;

const TOURS_SEED = `
function toursFor(d: SeedDestination): SeedOffer[] {
  const h = hash(\`tour:\${d.slug}\`);
  return [
    {
      product: 'TOUR',
      slug: \`\${d.slug}-highlights-tour\`,
      destination_slug: d.slug,
      name: \`\${d.name} highlights tour\`,
      description: \`The sights of \${d.name} in a day, with a guide.\`,
      image_path: d.image_path,
      guest_rating: (8 + (h % 18) / 10).toFixed(1),
      supplier_code: 'OWN',
      facts: { theme: 'Highlights', stops: ['Old town', 'Market', 'Viewpoint'] },
      options: [
        {
          code: 'DAY',
          name: 'Day tour',
          description: 'Six travellers at most.',
          units: 6,
          unit_capacity: 1,
          bag_capacity: null,
          duration_minutes: 420,
          start_times: ['09:00'],
          weekdays: EVERY_DAY,
          net_usd_minor: round100(d.from_price_usd_minor * 0.6),
          ...money(h),
          strike_pct: 0,
          refundable: true,
        },
      ],
    },
  ];
}

export function offerCatalogFor(`;

const OFFER_CODES_CHECK = "product in ('ACT', 'TRF', 'CRUISE', 'RESTAURANT')";

const TOURS_MIGRATION = `  '0099_tours': {
    /** Tours (TOUR) are scheduled offers. */
    async up(db) {
      await sql\`alter table offers drop constraint offers_product_check\`.execute(db);
      await sql\`alter table offers add constraint offers_product_check check (product in ('ACT', 'TRF', 'CRUISE', 'RESTAURANT', 'TOUR'))\`.execute(db);
    },
  },
};

class InCodeMigrationProvider`;

/** Every file the new product needs, and what it changes there. */
const edits: Record<string, (text: string, file: string) => string> = {
  'app/products/types.ts': (text, file) => replaceOnce(file, text, "'CRUISE', 'RESTAURANT'] as const", "'CRUISE', 'RESTAURANT', 'TOUR'] as const"),
  'app/products/offer/tour.ts': () => TOUR_ENTRY,
  'app/products/registry.ts': (text, file) =>
    replaceOnce(
      file,
      replaceOnce(file, text, '  RESTAURANT: restaurant,\n', '  RESTAURANT: restaurant,\n  TOUR: tour,\n'),
      'import { transfer }',
      "import { tour } from '~/products/offer/tour';\nimport { transfer }",
    ),
  'app/i18n/en-US.ts': (text, file) =>
    addMessages(file, text, {
      'product.TOUR': 'Tours',
      'landing.page.tours': 'Tours',
      'meta.results.offersIn.tours': 'Tours in {destination}',
      'offers.search.title.tours': 'Find a tour',
      'offers.submit.tours': 'Search tours',
      'offers.field.guests.tours': 'Guests',
      'offers.results.title.tours': 'Tours in {destination}',
      'offers.details.options.tours': 'Choose a tour and a day',
      'offers.details.capacity.tours': 'One place per guest',
      'offers.price.per.tours': 'Per guest',
      'offers.facts.TOUR': '{theme} · {stops}',
      'price.line.offer.TOUR': '{quantity, plural, one {# guest} other {# guests}} at {rate} each',
      'success.detail.theme': 'Theme',
    }),
  'app/i18n/es-MX.ts': (text, file) =>
    addMessages(file, text, {
      'product.TOUR': 'Tours',
      'landing.page.tours': 'Tours',
      'meta.results.offersIn.tours': 'Tours en {destination}',
      'offers.search.title.tours': 'Encuentra un tour',
      'offers.submit.tours': 'Buscar tours',
      'offers.field.guests.tours': 'Huéspedes',
      'offers.results.title.tours': 'Tours en {destination}',
      'offers.details.options.tours': 'Elige un tour y un día',
      'offers.details.capacity.tours': 'Un lugar por huésped',
      'offers.price.per.tours': 'Por huésped',
      'offers.facts.TOUR': '{theme} · {stops}',
      'price.line.offer.TOUR': '{quantity, plural, one {# huésped} other {# huéspedes}} a {rate} cada uno',
      'success.detail.theme': 'Tema',
    }),
  'remix.config.js': (text, file) => replaceOnce(file, text, "restaurants: 'offer',\n", "restaurants: 'offer',\n        tours: 'offer',\n"),
  'app/services/platform/migrations.server.ts': (text, file) => {
    if (!text.includes(OFFER_CODES_CHECK)) throw new Error(`${file}: the offers' product check is not "${OFFER_CODES_CHECK}"`);
    return replaceOnce(file, text, '};\n\nclass InCodeMigrationProvider', TOURS_MIGRATION);
  },
  'app/services/seed/seed-offers.server.ts': (text, file) =>
    replaceOnce(
      file,
      replaceOnce(file, text, '\nexport function offerCatalogFor(', TOURS_SEED),
      '...cruisesFrom(destination)]',
      '...cruisesFrom(destination), ...toursFor(destination)]',
    ),
  'org-configs/wanderly.json': (text) => {
    const config = JSON.parse(text) as { products: string[] };
    config.products.push('TOUR');
    return `${JSON.stringify(config, null, 2)}\n`;
  },
};

/** Not part of the product: what this test runs in the copy to see the product work. */
const PROBE = `import { describe, expect, it } from 'vitest';
import { tripItemView } from '~/domain/trip-view';
import { productPages } from '~/products/product-pages.server';
import { productFromPath, successPath } from '~/products/registry';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';
import { loadContextFor } from '../support/load-context';
import { tripPayloadOf } from '../support/trip-items';

describe('the throw-away tours product', () => {
  useSeededDatabase('pglite');
  const args = async (url: string, method = 'GET') => {
    const request = new Request(\`http://localhost\${url}\`, { method });
    return { request, params: { product: 'tours' }, context: await loadContextFor(request, '203.0.113.9') };
  };

  it('is searched, shown, held with a quote and listed on a trip', async () => {
    expect(productFromPath('/tours/search-details')).toBe('TOUR');
    const day = inDays(40);
    const query = \`destination=cancun&date=\${day}&guests=2\`;
    const results = (await productPages.TOUR.results(await args(\`/tours/search-details?\${query}\`))) as { results: { name: string }[] };
    expect(results.results.map((offer) => offer.name)).toContain('Cancún highlights tour');

    const search = { destination: 'cancun', date: day, until: day, month: null, time: null, guests: 2, bags: 0, returnDate: null, returnTime: null };
    const [tour] = await offerSuppliers.TOUR.search(search, { orgId: 'wanderly', userId: null, priceType: 'B2C' });
    const slot = tour!.cheapest!.slots.find((s) => s.bookable)!;
    const details = (await productPages.TOUR.details(await args(\`/tours/details?\${query}&offer=\${tour!.slug}\`))) as { offer: { name: string } };
    expect(details.offer.name).toBe('Cancún highlights tour');

    const form = new FormData();
    for (const [key, value] of Object.entries({ destination: 'cancun', date: day, guests: '2', offer: tour!.slug, option: 'DAY', day: slot.day, time: slot.time })) form.append(key, value);
    const held = await productPages.TOUR.checkout.hold(await args('/tours/checkout', 'POST'), form).catch((answer: Response) => answer);
    const checkoutUrl = new URL(held.headers.get('Location')!, 'http://localhost');
    expect(checkoutUrl.pathname).toBe('/tours/checkout');
    const checkout = await productPages.TOUR.checkout.load(await args(\`\${checkoutUrl.pathname}\${checkoutUrl.search}\`));
    expect(checkout).toMatchObject({ state: 'open', product: 'TOUR' });
    expect((checkout as { charge: { amountMinor: number } }).charge.amountMinor).toBeGreaterThan(0);

    expect(successPath('TOUR', 'WAN-1')).toBe('/tours/checkout-success?booking_id=WAN-1');
    const trip = { tripListId: null, tripListName: 'Cancún', userId: 'u', orgId: 'o', checkinDate: day, checkoutDate: day, tripImage: '' };
    expect(tripItemView('TOUR', tripPayloadOf('TOUR', trip)).name).not.toBeNull();
  });
});
`;

/** Runs a command in the copy without blocking this worker (its runner must keep hearing from it). */
async function run(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd: scratch, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'error', NO_COLOR: '1' } });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('adding a scheduled-offer product', () => {
  it('takes the files docs/adding-a-product.md lists, and they are enough', async () => {
    // The doc's list is the one this test edits: a file added to either must be added to both.
    const doc = readFileSync(path.join(repo, 'docs/adding-a-product.md'), 'utf8');
    const listed = doc.match(/<!-- offer-product-files -->\n([\s\S]*?)\n<!-- \/offer-product-files -->/)?.[1] ?? '';
    const files = [...listed.matchAll(/^\d+\. `([^`]+)`/gm)].map((line) => line[1]);
    expect(files.sort()).toEqual(Object.keys(edits).sort());
    expect(files.length).toBeLessThanOrEqual(9);
    expect(doc).toContain(`A scheduled-offer product takes ${files.length} files`);

    for (const [file, edit] of Object.entries(edits)) {
      const full = path.join(scratch, file);
      let before = '';
      try {
        before = readFileSync(full, 'utf8');
      } catch {
        // A new file.
      }
      writeFileSync(full, edit(before, file));
    }
    writeFileSync(path.join(scratch, 'test/integration/tours-probe.test.ts'), PROBE);

    const typecheck = await run('npx', ['tsc', '--noEmit']);
    expect(typecheck.output).toBe('');
    expect(typecheck.ok).toBe(true);
    const configs = await run('npm', ['run', '-s', 'validate:configs']);
    expect(configs.output).toContain('Configuration OK');
    const tests = await run('npx', [
      'vitest',
      'run',
      '--project',
      'unit',
      'app/products/',
      'app/pages/page-table.test.ts',
      'app/domain/landing-pages.test.ts',
      'test/integration/tours-probe.test.ts',
    ]);
    expect(tests.output).toMatch(/Test Files {2}\d+ passed/);
    expect(tests.ok, tests.output).toBe(true);
  }, 600_000);
});

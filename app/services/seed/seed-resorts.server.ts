import type { Database } from '../platform/db.server';
import type { ResortKind } from '../platform/db-schema';

/**
 * The built-in weeks supplier's catalog: two resorts (RST) on every beach and island
 * destination, a holiday stay (STY) there and in a few cities, 2–3 unit types each with a few
 * units, and 2–4 reviews. Deterministic (derived from the destination slug) like the hotel
 * seed, so a re-seed gives the same catalog and tests can name what they expect.
 */
type SeedDestination = { slug: string; name: string; latitude: string; longitude: string; image_path: string; from_price_usd_minor: number; kind: string | null };

/** Cities that also get a holiday stay, besides every beach and island destination. */
const stayCities = new Set(['lisbon', 'barcelona', 'orlando']);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type UnitTemplate = { code: string; name: string; sleeps: number; units: number; factor: number };

export const resortUnits: readonly UnitTemplate[] = [
  { code: 'STU', name: 'Studio', sleeps: 2, units: 3, factor: 1 },
  { code: '1BR', name: 'One-bedroom suite', sleeps: 4, units: 2, factor: 1.5 },
  // One unit only: the last-unit and sold-out paths are reachable on every resort.
  { code: '2BR', name: 'Two-bedroom villa', sleeps: 6, units: 1, factor: 2.2 },
];
export const stayUnits: readonly UnitTemplate[] = [
  { code: 'APT', name: 'Apartment', sleeps: 4, units: 2, factor: 1 },
  { code: 'HOM', name: 'Holiday home', sleeps: 6, units: 1, factor: 1.7 },
];

const styles: readonly {
  key: string;
  kind: ResortKind;
  name: (city: string) => string;
  stars: number;
  factor: number;
  score: string;
  street: string;
  units: readonly UnitTemplate[];
}[] = [
  { key: 'royal-palm', kind: 'RST', name: (c) => `Royal Palm ${c} Beach Resort`, stars: 5, factor: 1.6, score: '9.2', street: 'Ocean Boulevard', units: resortUnits },
  { key: 'coral-bay', kind: 'RST', name: (c) => `Coral Bay Resort ${c}`, stars: 4, factor: 1.1, score: '8.6', street: 'Coral Drive', units: resortUnits },
  { key: 'sunset-homes', kind: 'STY', name: (c) => `Sunset Holiday Homes ${c}`, stars: 3, factor: 0.9, score: '8.1', street: 'Garden Lane', units: stayUnits },
];

/** Week start days used by the seed: mostly Saturday, as in the trade, some Sunday or Friday. */
const startDays = [6, 6, 0, 5] as const;

const reviewPool = [
  { author: 'Laura M.', title: 'Our best family week', body: 'Spotless unit, friendly staff and the pool was never crowded.' },
  { author: 'James T.', title: 'Great location', body: 'Walking distance to everything; the kitchen made the week easy.' },
  { author: 'Sofía R.', title: 'Would come back', body: 'Check-in was quick and the view from the balcony was lovely.' },
  { author: 'Kenji O.', title: 'Good value', body: 'More space than a hotel room for less; a bit of street noise at night.' },
  { author: 'Amara N.', title: 'Relaxing', body: 'Quiet, clean and well equipped. The Saturday changeover was smooth.' },
  { author: 'Pierre D.', title: 'Fine, not perfect', body: 'The unit was dated but comfortable, and the beach was wonderful.' },
] as const;

const roundTo100 = (value: number) => Math.round(value / 100) * 100;

export function resortCatalogFor(destination: SeedDestination) {
  const wanted = styles.filter((style) => (destination.kind === 'beach' || destination.kind === 'island' ? true : style.kind === 'STY' && stayCities.has(destination.slug)));
  return wanted.map((style, index) => {
    const h = hash(`${destination.slug}:${style.key}`);
    const offset = ((h >>> 3) % 17) / 1000 - 0.008;
    const reviews = Array.from({ length: 2 + (h % 3) }, (_, i) => {
      const pick = reviewPool[(h + i * 5) % reviewPool.length]!;
      return { ...pick, rating: 3 + ((h >>> (i + 2)) % 3), stay_month: `2025-${String(1 + ((h >>> (i * 3)) % 12)).padStart(2, '0')}` };
    });
    return {
      slug: `${destination.slug}-${style.key}`,
      destination_slug: destination.slug,
      name: style.name(destination.name),
      kind: style.kind,
      stars: style.stars,
      review_score: style.score,
      address: `${10 + (h % 180)} ${style.street}, ${destination.name}`,
      latitude: (Number(destination.latitude) + offset).toFixed(6),
      longitude: (Number(destination.longitude) - offset * (index + 1)).toFixed(6),
      image_path: destination.image_path,
      provider: 'OWN',
      whitelabel_no: 1,
      description:
        style.kind === 'RST'
          ? `A ${style.stars}-star resort in ${destination.name} sold by the week: full kitchens, pools and the beach at the door.`
          : `Holiday homes in ${destination.name} rented by the week, with room for the whole family.`,
      unitTypes: style.units.map((unit, u) => {
        const retail = roundTo100(destination.from_price_usd_minor * 7 * 0.8 * style.factor * unit.factor);
        return {
          code: unit.code,
          name: unit.name,
          sleeps: unit.sleeps,
          units: unit.units,
          unit_cost_usd_minor: roundTo100(retail * 0.68),
          feed_cost_usd_minor: roundTo100(retail * 0.82),
          retail_price_usd_minor: retail,
          week_start_weekday: startDays[(h >>> (u * 2)) % startDays.length]!,
        };
      }),
      reviews,
    };
  });
}

export function resortUnitItemRef(unitTypeId: number): string {
  return `resort-unit:${unitTypeId}`;
}

/** Writes what is missing of the resort and stay catalog, their units and reviews (idempotent). */
export async function seedResorts(db: Database, destinations: readonly SeedDestination[]) {
  for (const destination of destinations) {
    for (const resort of resortCatalogFor(destination)) {
      const { unitTypes, reviews, ...row } = resort;
      const saved = await db
        .insertInto('resorts')
        .values(row)
        .onConflict((oc) => oc.column('slug').doUpdateSet({ name: row.name, description: row.description }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const { units, ...unit } of unitTypes) {
        const type = await db
          .insertInto('resort_unit_types')
          .values({ ...unit, resort_id: saved.id })
          .onConflict((oc) => oc.columns(['resort_id', 'code']).doUpdateSet({ name: unit.name }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('inventory_units')
          .values(
            Array.from({ length: units }, (_, i) => ({
              product: row.kind,
              supplier_code: row.provider,
              item_ref: resortUnitItemRef(type.id),
              unit_label: `${unit.code}-${i + 1}`,
            })),
          )
          .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
          .execute();
      }
      await db
        .insertInto('resort_reviews')
        .values(reviews.map((review) => ({ ...review, resort_id: saved.id })))
        .onConflict((oc) => oc.columns(['resort_id', 'author']).doNothing())
        .execute();
    }
  }
}

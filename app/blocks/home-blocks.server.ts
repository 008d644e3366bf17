import type { Block } from '#schemas/layout.schema';
import { suggestedStay } from '~/domain/destination-links';
import { isLandingSlug, landingHasSearch, productNav } from '~/domain/landing-pages';
import { destinationCatalog } from '~/services/catalog/catalog-reference.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import type { BlockContext } from './context.server';
import { dayIn } from '~/domain/time-zone';

type B<K extends Block['type']> = Extract<Block, { type: K }>;

/**
 * The stay home's destination links suggest, for the org's earliest check-in (the same clock as
 * the hotel pages). Once per block: the browser joins it to each destination (destinationPath).
 */
const stayOf = (org: BlockContext['org']) => suggestedStay(dayIn(org.timeZone), org.booking.minCheckinDays);

/** Hundredths of a degree (about a kilometre) place a marker finer than the map draws. */
const hundredths = (degrees: unknown) => Math.round(Number(degrees) * 100) / 100;

export async function resolveSearchEntry(block: B<'home.searchEntry'>, { org }: BlockContext) {
  const wanted = block.props?.products;
  // Only products that have a landing page and that the org sells, in the org's order.
  return { links: productNav(org.products.filter((code) => (wanted ? wanted.includes(code) : true))) };
}

export async function resolveMapView(_block: B<'home.mapView'>, { org }: BlockContext) {
  const destinations = (await destinationCatalog()).map((d) => ({ slug: d.slug, name: d.name, country: d.country_name, lat: d.latitude, lon: d.longitude }));
  const tileServer = org.map?.tileServer ?? null;
  return {
    stay: stayOf(org),
    /** The list under the map; the outline map is an image the server draws (GET /world-map.svg). */
    destinations: destinations.map(({ slug, name, country }) => ({ slug, name, country })),
    /** A tile map is drawn in the page, so only it needs the places. */
    tileMap: tileServer ? { server: tileServer, markers: destinations.map((d) => ({ ...d, lat: hundredths(d.lat), lon: hundredths(d.lon) })) } : null,
    attribution: org.map?.attribution ?? null,
  };
}

export async function resolveFeaturedDestinations(block: B<'home.featuredDestinations'>, { locale, org }: BlockContext) {
  const [catalog, rates] = await Promise.all([destinationCatalog(), getRateTable()]);
  // Cheapest first; equal prices keep the catalogue's order by name (a stable sort).
  const rows = [...catalog].sort((a, b) => a.from_price_usd_minor - b.from_price_usd_minor).slice(0, block.props.limit);
  return {
    stay: stayOf(org),
    destinations: rows.map((d) => ({
      slug: d.slug,
      name: d.name,
      country: d.country_name,
      image: d.image_path,
      fromPrice: toDisplayPrice({ amountMinor: d.from_price_usd_minor, currency: 'USD' }, locale.currency, locale.language, rates),
    })),
  };
}

export async function resolveLandingIntro(_block: B<'landing.intro'>, { pathname }: BlockContext) {
  const segment = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  // The landing route only renders known slugs; 'hotels' covers a layout used elsewhere.
  const slug = isLandingSlug(segment) ? segment : ('hotels' as const);
  return { slug, hasSearch: landingHasSearch(slug) };
}

export async function resolveLegalDocument(block: B<'content.legal'>, { org }: BlockContext) {
  return { document: org.legal[block.props.document], orgName: org.name, supportEmail: org.support.email };
}

import type { Block } from '#schemas/layout.schema';
import { destinationResultsPath } from '~/domain/destination-links';
import { isLandingSlug, landingHasSearch, productNav } from '~/domain/landing-pages';
import { destinationCatalog } from '~/services/catalog-reference.server';
import { getRateTable, toDisplayPrice } from '~/services/rates.server';
import type { BlockContext } from './context.server';
import { dayIn } from '~/domain/time-zone';

type B<K extends Block['type']> = Extract<Block, { type: K }>;

/** A destination's hotel results, for the org's earliest check-in (the same clock as the hotel pages). */
const resultsOf = (org: BlockContext['org']) => {
  const today = dayIn(org.timeZone);
  return (slug: string) => destinationResultsPath(slug, today, org.booking.minCheckinDays);
};

export async function resolveSearchEntry(block: B<'home.searchEntry'>, { org }: BlockContext) {
  const wanted = block.props?.products;
  // Only products that have a landing page and that the org sells, in the org's order.
  return { links: productNav(org.products.filter((code) => (wanted ? wanted.includes(code) : true))) };
}

export async function resolveMapView(_block: B<'home.mapView'>, { org }: BlockContext) {
  const destinations = await destinationCatalog();
  const href = resultsOf(org);
  return {
    markers: destinations.map((d) => ({ slug: d.slug, name: d.name, country: d.country_name, lat: Number(d.latitude), lon: Number(d.longitude), href: href(d.slug) })),
    tileServer: org.map?.tileServer ?? null,
    attribution: org.map?.attribution ?? null,
  };
}

export async function resolveFeaturedDestinations(block: B<'home.featuredDestinations'>, { locale, org }: BlockContext) {
  const [catalog, rates] = await Promise.all([destinationCatalog(), getRateTable()]);
  // Cheapest first; equal prices keep the catalogue's order by name (a stable sort).
  const rows = [...catalog].sort((a, b) => a.from_price_usd_minor - b.from_price_usd_minor).slice(0, block.props.limit);
  const href = resultsOf(org);
  return {
    destinations: rows.map((d) => ({
      slug: d.slug,
      name: d.name,
      country: d.country_name,
      image: d.image_path,
      href: href(d.slug),
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

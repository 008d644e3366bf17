import { destinationCatalog } from '~/services/catalog/catalog-reference.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import { type BlockContext, type TypedBlock, stayOf } from '../context.server';

export default async function resolveFeaturedDestinations(block: TypedBlock<'home.featuredDestinations'>, { locale, org }: BlockContext) {
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

import type { LoaderFunctionArgs } from '@remix-run/node';
import { worldMapImage } from '~/components/shell/world-map';
import { destinationCatalog } from '~/services/catalog/catalog-reference.server';

/**
 * GET /world-map.svg: home's outline map with every destination marked, in the colours of the
 * organisation the host names. An hour's cache: the catalogue and the theme change rarely.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const destinations = await destinationCatalog();
  const markers = destinations.map((d) => ({ slug: d.slug, name: d.name, country: d.country_name, lat: Number(d.latitude), lon: Number(d.longitude) }));
  return new Response(worldMapImage(markers, context.org.theme.colors), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

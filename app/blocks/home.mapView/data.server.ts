import { destinationCatalog } from '~/services/catalog/catalog-reference.server';
import { type BlockContext, type TypedBlock, stayOf } from '../context.server';

/** Hundredths of a degree (about a kilometre) place a marker finer than the map draws. */
const hundredths = (degrees: unknown) => Math.round(Number(degrees) * 100) / 100;

export default async function resolveMapView(_block: TypedBlock<'home.mapView'>, { org }: BlockContext) {
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

import type { LoaderFunctionArgs } from '@remix-run/node';
import { propertyImageSvg } from '~/domain/property-art';
import { IMAGE_KINDS, PROPERTY_IMAGE_VERSION, propertyImagesOf } from '~/domain/property-content';
import { hotelCatalogEntry } from '~/services/catalog/catalog-reference.server';

/**
 * GET /images/properties/v1/<slug>/<kind>.svg: a property's picture, drawn from its slug
 * (app/domain/property-art.ts, decision 0036). The address never changes what it answers, so it
 * is cached as immutable; a new drawing gets a new version. Only the kinds the property lists.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const kind = /^([a-z]+)\.svg$/.exec(params.image ?? '')?.[1];
  const notFound = () => new Response('No such picture.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (params.version !== PROPERTY_IMAGE_VERSION || !kind || !IMAGE_KINDS.some((k) => k === kind)) return notFound();
  const entry = await hotelCatalogEntry(params.slug ?? '');
  const image = entry ? propertyImagesOf(entry.hotel.images).find((k) => k === kind) : undefined;
  if (!entry || !image) return notFound();
  return new Response(propertyImageSvg(entry.hotel.slug, image, entry.hotel.property_type === 'holiday_home'), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}

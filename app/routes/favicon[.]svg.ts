import type { LoaderFunctionArgs } from '@remix-run/node';
import { organisationIcon } from '~/services/site/site-files.server';

/** GET /favicon.svg: the organisation's icon, its logo's mark (docs/decisions/0038). */
export async function loader({ context }: LoaderFunctionArgs) {
  const icon = await organisationIcon(context.org);
  if (!icon) return new Response('No icon.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(icon, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}

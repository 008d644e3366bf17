import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { getPageAds } from '~/services/site/ads.server';

const PATH_PATTERN = /^\/[A-Za-z0-9/_-]{0,200}$/;

/** GET /api/ads?path=/resorts: the page's ads for this visitor (docs/api.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).searchParams.get('path');
  if (!path || !PATH_PATTERN.test(path)) {
    throw json({ status: 400, message: "Query parameter 'path' must be a site path such as /resorts" }, { status: 400 });
  }
  const adsData = await getPageAds({ org: context.org, pathname: path, signedIn: context.session !== null });
  return json({ status: 200, data: { adsData } }, { headers: { 'Cache-Control': 'private, no-store' } });
}

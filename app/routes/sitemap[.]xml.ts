import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapXml } from '~/domain/site-files';
import { publicPagePaths } from '~/services/site/site-files.server';

/**
 * GET /sitemap.xml: this host's public pages as absolute URLs. The host is the request's:
 * production answers only hosts an organisation claims (server/http.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return new Response(sitemapXml(new URL(request.url).origin, publicPagePaths(context.org)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

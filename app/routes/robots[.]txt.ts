import type { LoaderFunctionArgs } from '@remix-run/node';
import { robotsTxt } from '~/domain/site-files';

/**
 * GET /robots.txt: private areas out of crawlers' way, and this host's sitemap. The host is the
 * request's: production answers only hosts an organisation claims (server/http.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { webManifest } from '~/domain/site-files';

/** GET /manifest.webmanifest: the organisation's web manifest (docs/decisions/0038). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { org } = context;
  const manifest = webManifest({
    name: org.name,
    language: org.locale.defaultLanguage,
    themeColour: org.theme.colors.primary,
    backgroundColour: org.theme.colors.surface,
  });
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}

/**
 * The files every host serves at its root for browsers and crawlers (issue 14): the favicon,
 * the web manifest, robots.txt and the sitemap, each per organisation (docs/decisions/0038).
 * Pure: the routes pass the organisation's facts and the request's origin.
 */

export const FAVICON_PATH = '/favicon.svg';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const SITEMAP_PATH = '/sitemap.xml';

/** A manifest's short name is for a home screen, a dozen characters: the name when it fits, else its first word. */
export function shortNameOf(name: string): string {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name);
}

/**
 * The organisation's icon, from its logo: the logo is its mark (a square as tall as the logo,
 * at the left) then its name as text. The icon is the logo cut to that square, text removed.
 * Returns null for a logo that is not such an SVG.
 */
export function iconOfLogo(logoSvg: string): string | null {
  const root = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>/.exec(logoSvg);
  const height = root ? /\bheight="(\d+(?:\.\d+)?)"/.exec(root[1]!)?.[1] : undefined;
  if (!root || !height || !logoSvg.trimEnd().endsWith('</svg>')) return null;
  const body = logoSvg.slice(root.index + root[0].length, logoSvg.lastIndexOf('</svg>')).replace(/<text\b[\s\S]*?<\/text>/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${height}" height="${height}" viewBox="0 0 ${height} ${height}">${body.trim()}</svg>`;
}

export type ManifestFacts = { name: string; language: string; themeColour: string; backgroundColour: string };

/** The web manifest (W3C Web Application Manifest): the organisation's names, colours and icon. */
export function webManifest({ name, language, themeColour, backgroundColour }: ManifestFacts) {
  return {
    name,
    short_name: shortNameOf(name),
    lang: language,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: [{ src: FAVICON_PATH, sizes: 'any', type: 'image/svg+xml' }],
  };
}

/**
 * What crawlers are asked to leave alone: the API, a visitor's own pages (account, trips,
 * wallet, bookings), sign-in pages, every checkout and success page, and the demo and
 * benchmark pages. `*` (any characters) is understood by the major crawlers (RFC 9309).
 */
export const PRIVATE_PATHS: readonly string[] = [
  '/api/',
  '/auth/',
  '/user/',
  '/user-details',
  '/agent/',
  '/wallet',
  '/trips/',
  '/resources/',
  '/session-out',
  '/dev/',
  '/bench/',
  '/admin',
  '/*checkout',
];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}${SITEMAP_PATH}`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The sitemap protocol's urlset: one absolute URL per public page of the host. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

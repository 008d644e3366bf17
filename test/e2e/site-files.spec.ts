// Issue 14: each host's favicon, web manifest, robots.txt and sitemap (docs/decisions/0038);
// hashed assets cached for a year; loaders' Cache-Control and Referrer-Policy on the HTML.
import { describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/booking-load';
import { http } from '../support/http-client';

const base = inject('baseURL');
const port = new URL(base).port;
const get = (path: string, host = 'localhost', cookie?: string) => http(base, 'GET', path, { host, cookie });

const ORGS = [
  { host: 'wanderly.localhost', name: 'Wanderly Travel', shortName: 'Wanderly', theme: '#0B5FFF', lang: 'en-US' },
  { host: 'viajamas.localhost', name: 'Viajamás', shortName: 'Viajamás', theme: '#B4235A', lang: 'es-MX' },
  { host: 'voyagerpro.localhost', name: 'Voyager Pro', shortName: 'Voyager Pro', theme: '#0F766E', lang: 'en-US' },
] as const;

describe('the files of each host', () => {
  for (const org of ORGS) {
    it(`${org.host}: the document links its icon and manifest, which name the organisation`, async () => {
      const html = (await get('/', org.host)).text;
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');

      const manifest = await get('/manifest.webmanifest', org.host);
      expect(manifest.status).toBe(200);
      expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
      expect(manifest.headers['set-cookie']).toBeUndefined();
      expect(manifest.json()).toMatchObject({
        name: org.name,
        short_name: org.shortName,
        lang: org.lang,
        theme_color: org.theme,
        start_url: '/',
        icons: [{ src: '/favicon.svg', type: 'image/svg+xml' }],
      });

      const icon = await get('/favicon.svg', org.host);
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(icon.headers['cache-control']).toBe('public, max-age=86400');
      // The logo's mark, without its name.
      expect(icon.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="40" height="40" viewBox="0 0 40 40">/);
      expect(icon.text).not.toContain('<text');
    });

    it(`${org.host}: robots.txt keeps crawlers out of private areas and names the host's sitemap, which lists its public pages`, async () => {
      const origin = `http://${org.host}:${port}`;
      const robots = await get('/robots.txt', org.host);
      expect(robots.status).toBe(200);
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /user/', 'Disallow: /*checkout', `Sitemap: ${origin}/sitemap.xml`]) {
        expect(robots.text.split('\n')).toContain(line);
      }

      const sitemap = await get('/sitemap.xml', org.host);
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urls = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(urls).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/hotels`, `${origin}/privacy-policy`, `${origin}/terms-of-use`]));
      expect(urls.every((url) => url.startsWith(`${origin}/`))).toBe(true);
      // Every page it lists is there for a visitor.
      for (const url of urls) expect((await get(new URL(url).pathname, org.host)).status, url).toBe(200);
    });
  }

  it('a landing page the organisation does not sell is not in its sitemap', async () => {
    const voyagerpro = (await get('/sitemap.xml', 'voyagerpro.localhost')).text;
    const wanderly = (await get('/sitemap.xml', 'wanderly.localhost')).text;
    expect(wanderly).toContain('/cruises</loc>');
    expect(voyagerpro).not.toContain('/cruises</loc>');
  });
});

describe('caching and referrer headers', () => {
  it('a hashed asset under /build is cached for a year, immutable, with no cookie', async () => {
    const html = (await get('/')).text;
    const asset = /href="(\/build\/_assets\/app-[\w-]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const answer = await get(asset!);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it("a loader's Cache-Control and Referrer-Policy reach its HTML document", async () => {
    const reset = await get('/auth/reset?token=not-a-token');
    expect(reset.status).toBe(200);
    expect(reset.headers['content-type']).toContain('text/html');
    expect(reset.headers['referrer-policy']).toBe('same-origin');
    expect(reset.headers['cache-control']).toBe('no-store');

    const member = await signIn(base);
    const wallet = await get('/wallet', 'localhost', member);
    expect(wallet.status).toBe(200);
    expect(wallet.headers['content-type']).toContain('text/html');
    expect(wallet.headers['cache-control']).toBe('private, no-store');
  });
});

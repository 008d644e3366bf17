import { describe, expect, it } from 'vitest';
import { iconOfLogo, robotsTxt, shortNameOf, sitemapXml, webManifest } from './site-files';

describe('shortNameOf', () => {
  it('keeps a name of at most twelve characters and takes the first word of a longer one', () => {
    expect(shortNameOf('Voyager Pro')).toBe('Voyager Pro');
    expect(shortNameOf('Viajamás')).toBe('Viajamás');
    expect(shortNameOf('Wanderly Travel')).toBe('Wanderly');
  });
});

describe('iconOfLogo', () => {
  it('cuts the logo to its square mark and drops the name', () => {
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-label="X"><circle cx="20" cy="20" r="16" fill="#0B5FFF"/><text x="42" y="27">Wanderly</text></svg>';
    expect(iconOfLogo(logo)).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="16" fill="#0B5FFF"/></svg>');
  });

  it('refuses what is not an SVG with a height', () => {
    expect(iconOfLogo('<png>')).toBeNull();
    expect(iconOfLogo('<svg viewBox="0 0 1 1"></svg>')).toBeNull();
  });
});

describe('webManifest', () => {
  it('names the organisation, its colours, language and icon', () => {
    expect(webManifest({ name: 'Wanderly Travel', language: 'en-US', themeColour: '#0B5FFF', backgroundColour: '#FFFFFF' })).toMatchObject({
      name: 'Wanderly Travel',
      short_name: 'Wanderly',
      lang: 'en-US',
      start_url: '/',
      theme_color: '#0B5FFF',
      background_color: '#FFFFFF',
      icons: [{ src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' }],
    });
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of private areas and points at the host’s sitemap', () => {
    const robots = robotsTxt('https://wanderly.example');
    for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /user/', 'Disallow: /*checkout', 'Sitemap: https://wanderly.example/sitemap.xml'])
      expect(robots).toContain(`${line}\n`);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });
});

describe('sitemapXml', () => {
  it('lists absolute URLs of the host, escaped', () => {
    const xml = sitemapXml('https://wanderly.example', ['/', '/hotels', '/a&b']);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    expect(xml).toContain('<url><loc>https://wanderly.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://wanderly.example/hotels</loc></url>');
    expect(xml).toContain('<loc>https://wanderly.example/a&amp;b</loc>');
  });
});

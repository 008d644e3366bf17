import { describe, expect, inject, it } from 'vitest';
import { enUS } from '~/i18n/en-US';
import { esMX } from '~/i18n/es-MX';
import { http } from '../support/http-client';
import { PAGE_CACHE_HEADER } from '~/domain/page-cache';

const base = inject('baseURL');
const get = (path: string, host = 'localhost') => http(base, 'GET', path, { host });

/** A string no home page shows: present in the page only if the whole dictionary is. */
const FAR_AWAY_TEXT = enUS['trips.calendarBookedReference'];

describe('the strings of a page', () => {
  it('do not travel in the document nor in the root data: the page names a script that holds them', async () => {
    const html = (await get('/')).text;
    expect(html).not.toContain(FAR_AWAY_TEXT);
    const path = /<script async="" src="(\/i18n\/en-US\.[\w-]+\.js)"/.exec(html)?.[1];
    expect(path).toBeDefined();

    const root = (await get('/?_data=root')).json() as Record<string, unknown>;
    expect(root).not.toHaveProperty('messages');
    expect(root.messagesPath).toBe(path);

    const script = await get(path!);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toContain(JSON.stringify(FAR_AWAY_TEXT));
  });

  it('come in the organisation language and copy, and an outdated path gets today’s strings uncached', async () => {
    const html = (await get('/', 'viajamas.localhost')).text;
    const path = /src="(\/i18n\/es-MX\.[\w-]+\.js)"/.exec(html)?.[1];
    expect(path).toBeDefined();
    expect((await get(path!, 'viajamas.localhost')).text).toContain(JSON.stringify(esMX['trips.calendarBookedReference']));

    const outdated = await get('/i18n/es-MX.outdated.js', 'viajamas.localhost');
    expect(outdated.status).toBe(200);
    expect(outdated.headers['cache-control']).toBe('no-store');
    expect(outdated.text).toContain('["/i18n/es-MX.outdated.js"]');
  });

  it('refuse an unknown language or a malformed name with 404', async () => {
    expect((await get('/i18n/xx-YY.abc.js')).status).toBe(404);
    expect((await get('/i18n/en-US.js')).status).toBe(404);
  });
});

/** Issue 14: the HTML of `/`, uncompressed, at most 30 KB (KiB) on every organisation's host. */
const HOME_HTML_BUDGET_BYTES = 30 * 1024;

describe('the weight of home', () => {
  for (const host of ['localhost', 'wanderly.localhost', 'viajamas.localhost', 'voyagerpro.localhost']) {
    it(`${host}: / is at most 30 KB of HTML, rendered afresh, with its map and every destination`, async () => {
      // A cookie of its own keys a page the anonymous page cache has never kept: this render is measured.
      const answer = await http(base, 'GET', '/', { host, cookie: `weight-probe=${Date.now()}-${Math.random()}`, headers: { 'accept-encoding': 'identity' } });
      expect(answer.status).toBe(200);
      expect(answer.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe('miss');
      expect(answer.headers['content-encoding']).toBeUndefined();
      const bytes = Buffer.byteLength(answer.text);
      expect(bytes, `${host}: ${bytes} bytes of HTML`).toBeLessThanOrEqual(HOME_HTML_BUDGET_BYTES);
      // Rendered whole and sent as it is: its length known up front, not streamed in chunks.
      expect(answer.headers['content-length']).toBe(String(bytes));
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      // Nothing left out to get there: the map (an image the page text describes) and the list of its destinations.
      const marked = Number(/<img class="world-map" src="\/world-map\.svg" alt="\D*(\d+)[^"]*" width="\d+" height="\d+"/.exec(answer.text)?.[1]);
      expect(marked).toBeGreaterThan(0);
      const list = /<ul class="map-list">(.*?)<\/ul>/.exec(answer.text)?.[1] ?? '';
      expect(list.match(/<li><a href="\/search-detail\?destination=[\w-]+&amp;checkin=[\d-]+&amp;checkout=[\d-]+">/g)).toHaveLength(marked);
    });
  }

  it('the map image draws every destination in the organisation colours, cached', async () => {
    const marked = Number(/alt="World map with (\d+)/.exec((await get('/', 'wanderly.localhost')).text)?.[1]);
    const wanderly = await get('/world-map.svg', 'wanderly.localhost');
    const viajamas = await get('/world-map.svg', 'viajamas.localhost');
    for (const answer of [wanderly, viajamas]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('image/svg+xml');
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      expect(answer.text.match(/<circle [^>]*r="7"><title>/g)).toHaveLength(marked);
    }
    expect(wanderly.text).not.toBe(viajamas.text);
  });
});

import { describe, expect, inject, it } from 'vitest';
import { enUS } from '~/i18n/en-US';
import { esMX } from '~/i18n/es-MX';
import { http } from '../support/http-client';

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

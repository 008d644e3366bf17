import { describe, expect, it } from 'vitest';
import { type ClickedLink, type LinkClick, inAppPathOf, isCurrentLink, sameSitePathOf } from './link-clicks';

const plain: LinkClick = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
const origin = 'https://wanderly.example';
const link = (fields: { target?: string; href?: string; download?: boolean } = {}): ClickedLink => ({
  target: fields.target ?? '',
  href: fields.href ?? 'https://wanderly.example/search-detail?destination=lisbon&checkin=2026-12-17#results',
  hasAttribute: (name) => name === 'download' && fields.download === true,
});

describe('inAppPathOf', () => {
  it('opens a plain left click on a link to this site in the app, with its query and hash', () => {
    expect(inAppPathOf(plain, link(), origin)).toBe('/search-detail?destination=lisbon&checkin=2026-12-17#results');
    expect(inAppPathOf(plain, link({ target: '_self' }), origin)).toBe('/search-detail?destination=lisbon&checkin=2026-12-17#results');
  });

  it('leaves new tabs and windows, other buttons and downloads to the browser', () => {
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) expect(inAppPathOf({ ...plain, [key]: true }, link(), origin), key).toBeNull();
    expect(inAppPathOf({ ...plain, button: 1 }, link(), origin)).toBeNull();
    expect(inAppPathOf(plain, link({ target: '_blank' }), origin)).toBeNull();
    expect(inAppPathOf(plain, link({ download: true }), origin)).toBeNull();
  });

  it('leaves other sites, other schemes and clicks another handler took to the browser', () => {
    expect(inAppPathOf(plain, link({ href: 'https://elsewhere.example/search-detail' }), origin)).toBeNull();
    expect(inAppPathOf(plain, link({ href: 'http://wanderly.example/search-detail' }), origin)).toBeNull();
    expect(inAppPathOf(plain, link({ href: 'mailto:help@wanderly.example' }), origin)).toBeNull();
    expect(inAppPathOf({ ...plain, defaultPrevented: true }, link(), origin)).toBeNull();
  });
});

describe('sameSitePathOf', () => {
  it("is a link's path, query and hash on this site, null elsewhere", () => {
    expect(sameSitePathOf('https://wanderly.example/hotels?x=1#top', 'https://wanderly.example')).toBe('/hotels?x=1#top');
    expect(sameSitePathOf('/flight', 'https://wanderly.example')).toBe('/flight');
    expect(sameSitePathOf('https://voyagerpro.example/hotels', 'https://wanderly.example')).toBeNull();
    expect(sameSitePathOf('tel:+15550102030', 'https://wanderly.example')).toBeNull();
  });
});

describe('isCurrentLink', () => {
  it('is the same page or one under it, whatever the letter case, as <NavLink> decides', () => {
    expect(isCurrentLink('/hotels', '/hotels')).toBe(true);
    expect(isCurrentLink('/Hotels', '/hotels')).toBe(true);
    expect(isCurrentLink('/hotels/cancun', '/hotels')).toBe(true);
    expect(isCurrentLink('/hotels/', '/hotels/')).toBe(true);
    expect(isCurrentLink('/hotels-deals', '/hotels')).toBe(false);
    expect(isCurrentLink('/search-detail', '/hotels')).toBe(false);
    expect(isCurrentLink('/', '/hotels')).toBe(false);
  });
});

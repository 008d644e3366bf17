import { describe, expect, it } from 'vitest';
import { type AdRow, adMatchesPage, adsAllowed, normalisePath, selectAds } from './ads';

const pages = ['/', '/home', '/holidaystays', '/cruises', '/cars', '/flight', '/transfers', '/activities', '/weeks', '/resorts', '/stays', '/dreamtrips', '/packages'];
const preLogin = { enabled: true, preLogin: true, pages };
const membersOnly = { enabled: true, preLogin: false, pages };

const row = (id: number, petition_type_str: string, priority: number): AdRow => ({
  id,
  uuid: `uuid-${id}`,
  petition_type_str,
  priority,
  title: `Ad ${id}`,
  subtitle: 'Sub',
  image_path: `/images/ads/${id}.svg`,
  link_url: '/home',
});
const rows = [row(7, 'CRUISE', 7), row(1, 'ALL', 1), row(3, 'FLT', 3), row(4, 'RST', 4), row(5, 'STY', 5), row(6, 'CAR', 6), row(2, 'HLT', 2)];

describe('adsAllowed', () => {
  it('shows ads on listed pages when enabled', () => {
    expect(adsAllowed(preLogin, '/', false)).toBe(true);
    expect(adsAllowed(preLogin, '/cars', false)).toBe(true);
  });
  it('never shows ads on pages that are not listed or when disabled', () => {
    expect(adsAllowed(preLogin, '/user/profile', true)).toBe(false);
    expect(adsAllowed({ ...preLogin, enabled: false }, '/', true)).toBe(false);
    expect(adsAllowed({ ...preLogin, pages: ['/home'] }, '/', true)).toBe(false);
  });
  it('shows pre-login ads only when the org configures them', () => {
    expect(adsAllowed(membersOnly, '/', false)).toBe(false);
    expect(adsAllowed(membersOnly, '/', true)).toBe(true);
  });
  it('shows resorts and stays ads only to signed-in visitors', () => {
    for (const path of ['/resorts', '/stays']) {
      expect(adsAllowed(preLogin, path, false)).toBe(false);
      expect(adsAllowed(preLogin, path, true)).toBe(true);
    }
  });
  it('treats trailing slashes and case as the same page', () => {
    expect(normalisePath('/Cars/')).toBe('/cars');
    expect(normalisePath('')).toBe('/');
    expect(adsAllowed(preLogin, '/Cars/', false)).toBe(true);
  });
});

describe('adMatchesPage', () => {
  it('puts ALL ads everywhere and product ads on their own page', () => {
    expect(adMatchesPage('ALL', '/flight', false)).toBe(true);
    expect(adMatchesPage('FLT', '/flight', false)).toBe(true);
    expect(adMatchesPage('CAR', '/flight', false)).toBe(false);
  });
  it('keeps resort and stay ads from anonymous visitors even on home', () => {
    expect(adMatchesPage('RST', '/', false)).toBe(false);
    expect(adMatchesPage('RST', '/', true)).toBe(true);
  });
});

describe('selectAds', () => {
  it('orders by priority and maps rows to the spec adsData shape', () => {
    const ads = selectAds(rows, preLogin, '/', true);
    expect(ads.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ads[0]).toEqual({
      petitionTypeStr: 'ALL',
      priority: 1,
      uuid: 'uuid-1',
      id: 1,
      banner: { title: 'Ad 1', subtitle: 'Sub', image: '/images/ads/1.svg', link: '/home', alt: 'Ad 1' },
    });
  });
  it('filters to the page product', () => {
    expect(selectAds(rows, preLogin, '/resorts', true).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'RST']);
    expect(selectAds(rows, preLogin, '/cars', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'CAR']);
    expect(selectAds(rows, preLogin, '/cruises', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'CRUISE']);
  });
  it('gives anonymous visitors on home everything but resorts and stays', () => {
    expect(selectAds(rows, preLogin, '/home', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'HLT', 'FLT', 'CAR', 'CRUISE']);
  });
  it('is empty where ads are not allowed', () => {
    expect(selectAds(rows, membersOnly, '/', false)).toEqual([]);
    expect(selectAds(rows, preLogin, '/resorts', false)).toEqual([]);
  });
});

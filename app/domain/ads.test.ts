import { describe, expect, it } from 'vitest';
import { type AdConfig, adIdentity, adMatchesPage, adsAllowed, normalisePath, selectAds } from './ads';

const pages = ['/', '/home', '/holidaystays', '/cruises', '/cars', '/flight', '/transfers', '/activities', '/weeks', '/resorts', '/stays', '/dreamtrips', '/packages'];
const ad = (n: number, product: AdConfig['product'], priority: number, dates: Pick<AdConfig, 'startsOn' | 'endsOn'> = {}): AdConfig => ({
  id: `ad-${n}`,
  product,
  priority,
  title: `Ad ${n}`,
  subtitle: 'Sub',
  image: `/images/ads/${n}.svg`,
  link: '/home',
  ...dates,
});
const items = [ad(7, 'CRUISE', 7), ad(1, 'ALL', 1), ad(3, 'FLT', 3), ad(4, 'RST', 4), ad(5, 'STY', 5), ad(6, 'CAR', 6), ad(2, 'HLT', 2)];
const preLogin = { enabled: true, preLogin: true, pages, items };
const membersOnly = { enabled: true, preLogin: false, pages, items };
const TODAY = '2026-11-30';
const select = (rules: typeof preLogin, path: string, signedIn: boolean, today = TODAY) => selectAds('wanderly', rules, path, signedIn, today);

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
  it('orders by priority and maps the configured ads to the spec adsData shape', () => {
    const ads = select(preLogin, '/', true);
    expect(ads.map((a) => a.banner.title)).toEqual(['Ad 1', 'Ad 2', 'Ad 3', 'Ad 4', 'Ad 5', 'Ad 6', 'Ad 7']);
    expect(ads[0]).toEqual({
      petitionTypeStr: 'ALL',
      priority: 1,
      ...adIdentity('wanderly', 'ad-1'),
      banner: { title: 'Ad 1', subtitle: 'Sub', image: '/images/ads/1.svg', link: '/home', alt: 'Ad 1' },
    });
  });
  it('gives each ad a stable id and uuid of its own, per organisation', () => {
    const one = adIdentity('wanderly', 'members');
    expect(adIdentity('wanderly', 'members')).toEqual(one);
    expect(one.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isSafeInteger(one.id) && one.id >= 0).toBe(true);
    expect(adIdentity('viajamas', 'members').uuid).not.toBe(one.uuid);
  });
  it('shows a dated ad only on the days it runs, on the organisation’s day', () => {
    const dated = { ...preLogin, items: [ad(1, 'ALL', 1, { startsOn: '2026-12-01', endsOn: '2026-12-24' })] };
    expect(select(dated, '/', true, '2026-11-30')).toEqual([]);
    expect(select(dated, '/', true, '2026-12-01')).toHaveLength(1);
    expect(select(dated, '/', true, '2026-12-24')).toHaveLength(1);
    expect(select(dated, '/', true, '2026-12-25')).toEqual([]);
  });
  it('filters to the page product', () => {
    expect(select(preLogin, '/resorts', true).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'RST']);
    expect(select(preLogin, '/cars', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'CAR']);
    expect(select(preLogin, '/cruises', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'CRUISE']);
  });
  it('gives anonymous visitors on home everything but resorts and stays', () => {
    expect(select(preLogin, '/home', false).map((a) => a.petitionTypeStr)).toEqual(['ALL', 'HLT', 'FLT', 'CAR', 'CRUISE']);
  });
  it('is empty where ads are not allowed', () => {
    expect(select(membersOnly, '/', false)).toEqual([]);
    expect(select(preLogin, '/resorts', false)).toEqual([]);
  });
});

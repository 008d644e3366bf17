import { describe, expect, it } from 'vitest';
import { landingHasSearch, landingPageOffered } from './landing-pages';

describe('landing pages', () => {
  it('offers dream trips where weeks are sold and packages where hotels are sold', () => {
    expect(landingPageOffered('dreamtrips', ['HLT', 'RST', 'STY', 'WEEKS'])).toBe(true);
    expect(landingPageOffered('dreamtrips', ['HLT', 'FLT'])).toBe(false);
    expect(landingPageOffered('weeks', ['HLT', 'FLT'])).toBe(false);
    expect(landingPageOffered('packages', ['HLT', 'FLT'])).toBe(true);
    expect(landingPageOffered('packages', ['FLT'])).toBe(false);
  });

  it('knows which landings open with a search', () => {
    const withSearch = ['flight', 'cars', 'activities', 'transfers', 'cruises', 'restaurants', 'resorts', 'stays', 'weeks', 'dreamtrips', 'packages', 'holidaystays'] as const;
    for (const slug of withSearch) expect(landingHasSearch(slug), slug).toBe(true);
    // /hotels is reached through the home page's hotel search block, not a landing form.
    expect(landingHasSearch('hotels')).toBe(false);
  });
});

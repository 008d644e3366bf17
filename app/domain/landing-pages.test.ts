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
    for (const slug of ['resorts', 'stays', 'weeks', 'dreamtrips', 'packages', 'holidaystays'] as const) expect(landingHasSearch(slug), slug).toBe(true);
    expect(landingHasSearch('hotels')).toBe(false);
  });
});

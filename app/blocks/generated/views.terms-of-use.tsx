// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import ContentLegal from '../content.legal/view';
import HomeFeaturedDestinations from '../home.featuredDestinations/view';
import HomeHero from '../home.hero/view';
import HomeMapView from '../home.mapView/view';
import HomeSearchEntry from '../home.searchEntry/view';
import LandingIntro from '../landing.intro/view';
import SearchHotel from '../search.hotel/view';

/** The views of the blocks terms-of-use pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'terms-of-use'> = {
  'content.legal': ContentLegal,
  'home.featuredDestinations': HomeFeaturedDestinations,
  'home.hero': HomeHero,
  'home.mapView': HomeMapView,
  'home.searchEntry': HomeSearchEntry,
  'landing.intro': LandingIntro,
  'search.hotel': SearchHotel,
};

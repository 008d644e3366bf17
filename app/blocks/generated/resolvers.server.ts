// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { BlockResolvers } from '~/blocks/data.server';
import contentLegal from '../content.legal/data.server';
import homeFeaturedDestinations from '../home.featuredDestinations/data.server';
import homeMapView from '../home.mapView/data.server';
import homeSearchEntry from '../home.searchEntry/data.server';
import landingIntro from '../landing.intro/data.server';
import profileBookings from '../profile.bookings/data.server';
import profileDetails from '../profile.details/data.server';
import profileImpersonation from '../profile.impersonation/data.server';
import profileLoyalty from '../profile.loyalty/data.server';
import profileMembership from '../profile.membership/data.server';
import profileSavedCards from '../profile.savedCards/data.server';
import profileSummary from '../profile.summary/data.server';
import profileTravelers from '../profile.travelers/data.server';
import searchHotel from '../search.hotel/data.server';
import tripsList from '../trips.list/data.server';
import walletTopup from '../wallet.topup/data.server';

/** A block without a data.server.ts needs no data. */
const noData = async () => null;

/** Each block type's data, resolved in the page loader (app/blocks/<type>/data.server.ts). */
export const blockResolvers = {
  'auth.credentials': noData,
  'auth.forgotLink': noData,
  'auth.invitationCode': noData,
  'auth.newAccount': noData,
  'auth.recoveryEmail': noData,
  'auth.signInLink': noData,
  'auth.signUpLink': noData,
  'auth.submit': noData,
  'auth.text': noData,
  'checkout.acknowledgement': noData,
  'checkout.payment': noData,
  'checkout.price': noData,
  'checkout.slot': noData,
  'checkout.submit': noData,
  'checkout.summary': noData,
  'checkout.traveler': noData,
  'content.legal': contentLegal,
  'home.featuredDestinations': homeFeaturedDestinations,
  'home.hero': noData,
  'home.mapView': homeMapView,
  'home.searchEntry': homeSearchEntry,
  'landing.intro': landingIntro,
  'profile.bookings': profileBookings,
  'profile.details': profileDetails,
  'profile.impersonation': profileImpersonation,
  'profile.loyalty': profileLoyalty,
  'profile.membership': profileMembership,
  'profile.savedCards': profileSavedCards,
  'profile.summary': profileSummary,
  'profile.travelers': profileTravelers,
  'search.hotel': searchHotel,
  'trips.list': tripsList,
  'wallet.topup': walletTopup,
} satisfies BlockResolvers;

import type { BlockResolvers } from './data.server';
import { resolveSavedTravelers, resolveUserDetails } from './user-details-blocks.server';
import { resolveWalletTopup } from './wallet-block.server';
import { resolveFeaturedDestinations, resolveLandingIntro, resolveLegalDocument, resolveMapView, resolveSearchEntry } from './home-blocks.server';
import { resolveHotelSearch } from './search-blocks.server';
import { resolveImpersonation, resolveLoyalty, resolveMembership, resolveMyBookings, resolveProfileSummary, resolveSavedCards } from './profile-blocks.server';
import { resolveTripsList } from './trips-block.server';

/** Data for each block type, resolved in the page loader. */
export const blockResolvers = {
  'home.hero': async () => null,
  'home.searchEntry': resolveSearchEntry,
  'home.mapView': resolveMapView,
  'home.featuredDestinations': resolveFeaturedDestinations,
  'landing.intro': resolveLandingIntro,
  'content.legal': resolveLegalDocument,
  'profile.summary': resolveProfileSummary,
  'profile.membership': resolveMembership,
  'profile.impersonation': resolveImpersonation,
  'profile.savedCards': resolveSavedCards,
  'profile.loyalty': resolveLoyalty,
  'trips.list': resolveTripsList,
  'profile.bookings': resolveMyBookings,
  'search.hotel': resolveHotelSearch,
  'profile.details': resolveUserDetails,
  'profile.travelers': resolveSavedTravelers,
  'wallet.topup': resolveWalletTopup,
  // Sign-in blocks need no data: their form state comes from the dialog or page around them.
  'auth.text': async () => null,
  'auth.credentials': async () => null,
  'auth.newAccount': async () => null,
  'auth.invitationCode': async () => null,
  'auth.recoveryEmail': async () => null,
  'auth.submit': async () => null,
  'auth.forgotLink': async () => null,
  'auth.signUpLink': async () => null,
  'auth.signInLink': async () => null,
} satisfies BlockResolvers;

// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import authCredentials from '../auth.credentials/schema';
import authForgotLink from '../auth.forgotLink/schema';
import authInvitationCode from '../auth.invitationCode/schema';
import authNewAccount from '../auth.newAccount/schema';
import authRecoveryEmail from '../auth.recoveryEmail/schema';
import authSignInLink from '../auth.signInLink/schema';
import authSignUpLink from '../auth.signUpLink/schema';
import authSubmit from '../auth.submit/schema';
import authText from '../auth.text/schema';
import checkoutAcknowledgement from '../checkout.acknowledgement/schema';
import checkoutPayment from '../checkout.payment/schema';
import checkoutPrice from '../checkout.price/schema';
import checkoutSlot from '../checkout.slot/schema';
import checkoutSubmit from '../checkout.submit/schema';
import checkoutSummary from '../checkout.summary/schema';
import checkoutTraveler from '../checkout.traveler/schema';
import contentLegal from '../content.legal/schema';
import homeFeaturedDestinations from '../home.featuredDestinations/schema';
import homeHero from '../home.hero/schema';
import homeMapView from '../home.mapView/schema';
import homeSearchEntry from '../home.searchEntry/schema';
import landingIntro from '../landing.intro/schema';
import profileBookings from '../profile.bookings/schema';
import profileDetails from '../profile.details/schema';
import profileImpersonation from '../profile.impersonation/schema';
import profileLoyalty from '../profile.loyalty/schema';
import profileMembership from '../profile.membership/schema';
import profileSavedCards from '../profile.savedCards/schema';
import profileSummary from '../profile.summary/schema';
import profileTravelers from '../profile.travelers/schema';
import searchHotel from '../search.hotel/schema';
import tripsList from '../trips.list/schema';
import walletTopup from '../wallet.topup/schema';

/** Every block, by type (app/blocks/<type>/schema.ts). */
export const BLOCK_DEFINITIONS = [
  authCredentials,
  authForgotLink,
  authInvitationCode,
  authNewAccount,
  authRecoveryEmail,
  authSignInLink,
  authSignUpLink,
  authSubmit,
  authText,
  checkoutAcknowledgement,
  checkoutPayment,
  checkoutPrice,
  checkoutSlot,
  checkoutSubmit,
  checkoutSummary,
  checkoutTraveler,
  contentLegal,
  homeFeaturedDestinations,
  homeHero,
  homeMapView,
  homeSearchEntry,
  landingIntro,
  profileBookings,
  profileDetails,
  profileImpersonation,
  profileLoyalty,
  profileMembership,
  profileSavedCards,
  profileSummary,
  profileTravelers,
  searchHotel,
  tripsList,
  walletTopup,
] as const;

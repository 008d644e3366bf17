import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { endpointFinder } from '~/http/endpoint-path';
import { tripEndpoints } from './trip-endpoints.server';
import * as adminInvoiceCredit from './admin.invoiceCredit';
import * as ads from './ads';
import * as authImpersonationKeys from './auth.impersonation-keys';
import * as authLogin from './auth.login';
import * as authLogout from './auth.logout';
import * as authSession from './auth.session';
import * as bookingApplyCashcard from './booking.applyCashcard';
import * as bookingApplyPaymentCard from './booking.applyPaymentCard';
import * as bookingCancel from './booking.cancel';
import * as bookingCardGuarantee from './booking.cardGuarantee';
import * as bookingCashCardRedemptionACTTRF from './booking.cashCardRedemption_ACT_TRF';
import * as bookingDeletecard from './booking.deletecard';
import * as bookingGeneratePgToken from './booking.generatePgToken';
import * as bookingHostedPayment from './booking.hostedPayment';
import * as bookingGetDefaultCard from './booking.getDefaultCard';
import * as bookingGetSupplierpg from './booking.getSupplierpg';
import * as bookingGetUserCreditCards from './booking.getUserCreditCards';
import * as bookingGetpaymentcardbyuser from './booking.getpaymentcardbyuser';
import * as bookingInitBooking from './booking.initBooking';
import * as bookingRemoveCashcard from './booking.removeCashcard';
import * as bookingSaveCard from './booking.saveCard';
import * as bookingSetDefaultCard from './booking.setDefaultCard';
import * as bookingStatus from './booking.status';
import * as bookingUnlockCouponCodeApi from './booking.unlockCouponCodeApi';
import * as bookingZeroAmountBooking from './booking.zeroAmountBooking';
import * as bookingHistoryGetCountMessages from './bookingHistory.getCountMessages';
import * as cardServiceV1CardDeleteEmail from './card-service.v1.card.delete.$email';
import * as cardServiceV1CardSetDefaultCard from './card-service.v1.card.set_default_card';
import * as cardServiceV1CardUpdateEmail from './card-service.v1.card.update.$email';
import * as carsCashcardRedemption from './cars.cashcardRedemption';
import * as flightsAutosuggestV2 from './flights.autosuggestV2';
import * as generalApplyCouponCodeDetails from './general.applyCouponCodeDetails';
import * as generalGetCouponCodeDetails from './general.getCouponCodeDetails';
import * as loyaltyApplyPoints from './loyalty.applyPoints';
import * as loyaltyCheckLoyaltyPoints from './loyalty.checkLoyaltyPoints';
import * as membershipUpgradePaymentMembership from './membershipUpgrade.payment-membership';
import * as membershipUpgradePlans from './membershipUpgrade.plans';
import * as membershipUpgradeSubscriptionPlans from './membershipUpgrade.subscription-plans';
import * as paymentsOxxoWebhook from './payments.oxxo.webhook';
import * as pgv2CardNonce from './pgv2.cardNonce';
import * as pgv2GenerateCheckSum from './pgv2.generateCheckSum';
import * as pgv2PaymentWithSavedCard from './pgv2.paymentWithSavedCard';
import * as plansInitbook from './plans.initbook';
import * as userPreferences from './user.preferences';
import * as walletTopup from './wallet.topup';
import * as weeksGetGenerateMinPrice from './weeks.getGenerateMinPrice';
import * as weeksGetInventory from './weeks.getInventory';
import * as weeksGetReviews from './weeks.getReviews';
import * as weeksPrepareBookWeeks from './weeks.prepareBookWeeks';
import * as weeksRelease from './weeks.release';

/**
 * An /api endpoint: a module of this folder exporting Remix's `loader` (GET, HEAD) and/or
 * `action` (POST, PUT, PATCH, DELETE), each taking `{ request, params, context }` as a route's would.
 */
type Endpoint = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

/**
 * Every /api endpoint by its URL: the module's file name with dots as slashes and `$name` as
 * `:name` (the path it had as a flat route in app/routes). All of them are mounted through the
 * one route app/routes/api.$.ts, so a page request matches one route for the whole API instead
 * of one per endpoint, and pages' manifests do not list them. endpoints.test.ts checks that each
 * module here has its row and each row its module.
 */
export const apiEndpoints = {
  '/api/admin/invoiceCredit': adminInvoiceCredit,
  '/api/ads': ads,
  '/api/auth/impersonation-keys': authImpersonationKeys,
  '/api/auth/login': authLogin,
  '/api/auth/logout': authLogout,
  '/api/auth/session': authSession,
  '/api/booking/applyCashcard': bookingApplyCashcard,
  '/api/booking/applyPaymentCard': bookingApplyPaymentCard,
  '/api/booking/cancel': bookingCancel,
  '/api/booking/cardGuarantee': bookingCardGuarantee,
  '/api/booking/cashCardRedemption_ACT_TRF': bookingCashCardRedemptionACTTRF,
  '/api/booking/deletecard': bookingDeletecard,
  '/api/booking/generatePgToken': bookingGeneratePgToken,
  '/api/booking/hostedPayment': bookingHostedPayment,
  '/api/booking/getDefaultCard': bookingGetDefaultCard,
  '/api/booking/getSupplierpg': bookingGetSupplierpg,
  '/api/booking/getUserCreditCards': bookingGetUserCreditCards,
  '/api/booking/getpaymentcardbyuser': bookingGetpaymentcardbyuser,
  '/api/booking/initBooking': bookingInitBooking,
  '/api/booking/removeCashcard': bookingRemoveCashcard,
  '/api/booking/saveCard': bookingSaveCard,
  '/api/booking/setDefaultCard': bookingSetDefaultCard,
  '/api/booking/status': bookingStatus,
  '/api/booking/unlockCouponCodeApi': bookingUnlockCouponCodeApi,
  '/api/booking/zeroAmountBooking': bookingZeroAmountBooking,
  '/api/bookingHistory/getCountMessages': bookingHistoryGetCountMessages,
  '/api/card-service/v1/card/delete/:email': cardServiceV1CardDeleteEmail,
  '/api/card-service/v1/card/set_default_card': cardServiceV1CardSetDefaultCard,
  '/api/card-service/v1/card/update/:email': cardServiceV1CardUpdateEmail,
  '/api/cars/cashcardRedemption': carsCashcardRedemption,
  '/api/flights/autosuggestV2': flightsAutosuggestV2,
  '/api/general/applyCouponCodeDetails': generalApplyCouponCodeDetails,
  '/api/general/getCouponCodeDetails': generalGetCouponCodeDetails,
  '/api/loyalty/applyPoints': loyaltyApplyPoints,
  '/api/loyalty/checkLoyaltyPoints': loyaltyCheckLoyaltyPoints,
  '/api/membershipUpgrade/payment-membership': membershipUpgradePaymentMembership,
  '/api/membershipUpgrade/plans': membershipUpgradePlans,
  '/api/membershipUpgrade/subscription-plans': membershipUpgradeSubscriptionPlans,
  '/api/payments/oxxo/webhook': paymentsOxxoWebhook,
  '/api/pgv2/cardNonce': pgv2CardNonce,
  '/api/pgv2/generateCheckSum': pgv2GenerateCheckSum,
  '/api/pgv2/paymentWithSavedCard': pgv2PaymentWithSavedCard,
  '/api/plans/initbook': plansInitbook,
  ...tripEndpoints,
  '/api/user/preferences': userPreferences,
  '/api/wallet/topup': walletTopup,
  '/api/weeks/getGenerateMinPrice': weeksGetGenerateMinPrice,
  '/api/weeks/getInventory': weeksGetInventory,
  '/api/weeks/getReviews': weeksGetReviews,
  '/api/weeks/prepareBookWeeks': weeksPrepareBookWeeks,
  '/api/weeks/release': weeksRelease,
} satisfies Record<string, Endpoint>;

const findEndpoint = endpointFinder<Endpoint>(apiEndpoints);

/** The methods Remix hands to each handler of a resource route. */
const methodsOf = { loader: ['GET', 'HEAD'], action: ['POST', 'PUT', 'PATCH', 'DELETE'] } as const;

/**
 * Answers an /api request with the endpoint its path names: the endpoint's `loader` or `action`
 * (whichever Remix chose for the method) gets the request as it came, with the endpoint's own
 * params, and whatever it returns or throws is the answer. An unknown path is a JSON 404; an
 * endpoint without the handler the method needs is a 405 naming the methods it takes.
 */
export function callApiEndpoint(handler: 'loader' | 'action', args: LoaderFunctionArgs | ActionFunctionArgs) {
  const found = findEndpoint(new URL(args.request.url).pathname);
  if (!found) return json({ status: 404, message: 'Not found' }, { status: 404 });
  const run = found.endpoint[handler];
  if (!run) {
    const allowed = found.endpoint.loader ? methodsOf.loader : methodsOf.action;
    return json({ status: 405, message: `Use ${allowed.join(' or ')}` }, { status: 405, headers: { Allow: allowed.join(', ') } });
  }
  return run({ ...args, params: found.params });
}

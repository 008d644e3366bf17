import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { type CountMessagesBody, countMessagesSchema } from '#schemas/api/account.schema';
import { type CancelBookingBody, cancelBookingSchema } from '#schemas/api/booking-payment.schema';
import { isValidBookingId } from '~/domain/booking-submit';
import { readApiBody, requireApiBody } from '~/http/api-body.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';
import {
  cardGuarantee,
  generateCheckSum,
  generatePgToken,
  hostedPayment,
  initBooking,
  oxxoWebhook,
  payBodies,
  payBodyRefused,
  paymentWithSavedCard,
  readPayCall,
  zeroAmountBooking,
} from '~/http/pay-call.server';
import { postOnly } from '~/http/post-only.server';
import { requireApiSession } from '~/http/require-session.server';
import { respond } from '~/http/respond.server';
import { type CancelAnswer, cancelBooking } from '~/services/booking-payments/booking-cancel.server';
import { bookingStatusOf } from '~/services/booking/booking-status.server';
import { getCountMessages } from '~/services/booking/bookings.server';
import { type ApiBodyValidator, compileApiBody } from '~/services/platform/api-body-schema.server';

const validateCancelBooking = compileApiBody<CancelBookingBody>(cancelBookingSchema);
const validateCountMessages = compileApiBody<CountMessagesBody>(countMessagesSchema);

/** A pay call's GET: 405 in the payment family's envelope. */
function payLoader(): never {
  throw payBodyRefused(405, 'Use POST');
}

/** A pay call as a row (~/http/pay-call.server): POST only, the body by its schema in the payment family's envelope, then what answers it with the Idempotency-Key header. */
function payCall<T>(validate: ApiBodyValidator<T>, answer: (args: ActionFunctionArgs, body: T, idempotencyKey: string | null) => Promise<Response>) {
  return {
    action: async (args: ActionFunctionArgs) => {
      const { body, idempotencyKey } = await readPayCall(args.request, validate);
      return answer(args, body, idempotencyKey);
    },
    loader: payLoader,
  };
}

/** The answer as HTTP (docs/api.md "Booking cancellation"). */
const cancelResponse = (answer: CancelAnswer) => json(answer, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });

/** A booking's calls: starting and paying it, its status, its messages and its cancellation; by path. */
export const bookingEndpoints = {
  /** POST {hold, product_type} (spec §4 step 2); docs/api.md. */
  '/api/booking/initBooking': {
    action: async ({ request, context }: ActionFunctionArgs) => initBooking(context, request),
    loader: () => new Response(null, { status: 405, headers: { Allow: 'POST' } }),
  },
  // Paying (docs/api.md "Booking payment").
  '/api/booking/generatePgToken': payCall(payBodies.generatePgToken, async ({ context }, body, idempotencyKey) => {
    const card = body.payment_method === 'card' && body.nonce ? { nonce: body.nonce } : body.payment_method === 'saved_card' && body.card_id ? { savedCardId: body.card_id } : null;
    if (card) await requireCardUseWithinLimits(context, 'cardCharge', card);
    return generatePgToken(context, body, idempotencyKey);
  }),
  '/api/booking/zeroAmountBooking': payCall(payBodies.zeroAmountBooking, ({ context }, body, idempotencyKey) => zeroAmountBooking(context, body, idempotencyKey)),
  /** A car booked on a card guarantee. */
  '/api/booking/cardGuarantee': payCall(payBodies.cardGuarantee, async ({ context }, body, idempotencyKey) => {
    await requireCardUseWithinLimits(context, 'cardCharge', { nonce: body.nonce });
    return cardGuarantee(context, body, idempotencyKey);
  }),
  /** A car paid on its provider's own page (decision 0055). */
  '/api/booking/hostedPayment': payCall(payBodies.hostedPayment, ({ context, request }, body, idempotencyKey) =>
    // The payer comes back to the organisation's public origin (production), else to the site as it was asked for.
    hostedPayment({ ...context, origin: context.org.publicOrigin ?? new URL(request.url).origin }, body, idempotencyKey),
  ),
  /** Signed in first, before the method and the body are looked at (so not a payCall). */
  '/api/pgv2/generateCheckSum': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      const session = requireApiSession(context.session);
      const { body } = await readPayCall(request, payBodies.generateCheckSum);
      return generateCheckSum(session, body);
    },
    loader: payLoader,
  },
  /** Signed in first, before the method and the body are looked at (so not a payCall). */
  '/api/pgv2/paymentWithSavedCard': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      const session = requireApiSession(context.session);
      const { body, idempotencyKey } = await readPayCall(request, payBodies.paymentWithSavedCard);
      await requireCardUseWithinLimits(context, 'cardCharge', { savedCardId: body.card_id });
      return paymentWithSavedCard({ ...context, session }, body, idempotencyKey);
    },
    loader: payLoader,
  },
  /** The signature covers the raw body. */
  '/api/payments/oxxo/webhook': {
    action: async ({ request }: ActionFunctionArgs) => {
      if (request.method !== 'POST') return payBodyRefused(405, 'Use POST');
      return oxxoWebhook(await request.text(), request.headers.get('x-oxxo-signature'));
    },
    loader: payLoader,
  },

  /**
   * GET ?booking_id=WAN-…: the signed-in owner's booking status, the polling fallback of the
   * booking-status subscription (spec §4 "Subscription booking"); docs/api.md.
   */
  '/api/booking/status': {
    loader: async ({ request, context }: LoaderFunctionArgs) => {
      const session = requireApiSession(context.session);
      const reference = new URL(request.url).searchParams.get('booking_id');
      if (!isValidBookingId(reference)) {
        throw json({ status: 400, message: "Query parameter 'booking_id' must be a booking reference such as WAN-7K2QX9AB" }, { status: 400 });
      }
      const message = await bookingStatusOf(reference, { orgId: session.user.org_id, userDbId: session.userDbId });
      // Someone else's booking answers like an unknown one.
      if (!message) throw json({ status: 404, message: 'No such booking' }, { status: 404 });
      return json(message, { headers: { 'Cache-Control': 'private, no-store' } });
    },
  },
  /** Spec §3 "Booking notification", §7 Notifications: the session's booking messages; docs/api.md says what a message is. */
  '/api/bookingHistory/getCountMessages': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') postOnly();
      const session = requireApiSession(context.session);
      // emptyIsObject: the body's fields are optional.
      return respond(await getCountMessages(session, await requireApiBody(request, validateCountMessages, { emptyIsObject: true })), { 'Cache-Control': 'private, no-store' });
    },
    loader: postOnly,
  },
  /** POST {id}: the signed-in owner cancels a booking for a refund (docs/api.md "Booking cancellation"). */
  '/api/booking/cancel': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') postOnly();
      const { session, org } = context;
      if (!session) throw json({ status: 401, message: 'Sign in to cancel a booking' }, { status: 401 });
      const read = await readApiBody(request, validateCancelBooking);
      if (!read.ok) throw read.response;
      return cancelResponse(await cancelBooking({ orgId: org.orgId, userId: session.userDbId, timeZone: org.timeZone }, read.body));
    },
    loader: postOnly,
  },
};

// The HTTP side of paying for a booking (docs/api.md "Booking payment"): each pay call's body
// schema and the checks a schema cannot make, the Idempotency-Key header, the refusals'
// envelopes, then the pay core (app/services/booking-payments/) and its answer as JSON.
import { json } from '@remix-run/node';
import {
  type CardGuaranteeBody,
  type GenerateCheckSumBody,
  type GeneratePgTokenBody,
  type HostedPaymentBody,
  type InitBookingBody,
  type OxxoWebhookBody,
  type PaymentWithSavedCardBody,
  type ZeroAmountBookingBody,
  cardGuaranteeSchema,
  generateCheckSumSchema,
  generatePgTokenSchema,
  hostedPaymentSchema,
  initBookingSchema,
  oxxoWebhookSchema,
  paymentWithSavedCardSchema,
  zeroAmountBookingSchema,
} from '#schemas/api/booking-payment.schema';
import { type PayAnswer, checksumOf, invalidPay, requestFingerprint, sameHex, toMinorUnits, verifyWebhook } from '~/domain/booking-payment';
import { isValidBookingId } from '~/domain/booking-submit';
import type { Charge } from '~/domain/charge';
import { chargeForHold } from '~/services/booking/checkout-charge.server';
import { type InitAnswer, freezeBookingCharge } from '~/services/booking-payments/booking-init.server';
import { type PayContext, type PayRequest, pay } from '~/services/booking-payments/booking-pay.server';
import { payOxxoVoucher } from '~/services/booking-payments/oxxo-vouchers.server';
import type { ActiveSession } from '~/services/identity/session.server';
import { toGatewayAmount } from '~/services/payments/gateway-results';
import { oxxoCollectorOrNull, paymentsOrNull } from '~/services/payments/runtime.server';
import { type ApiBodyValidator, compileApiBody } from '~/services/platform/api-body-schema.server';
import type { Database } from '~/services/platform/db.server';
import { checkApiBody, requireApiBody } from './api-body.server';

/** A typed answer of the pay core as the call's JSON. */
const respond = (answer: PayAnswer | InitAnswer) =>
  json(answer.body, { status: answer.status, headers: 'riskMs' in answer && answer.riskMs !== undefined ? { 'Server-Timing': `risk;dur=${answer.riskMs.toFixed(2)}` } : {} });
const invalid = (message: string) => respond(invalidPay(message));

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,128}$/;

/** A saved card's id; checked here because the schema allows '' (the legacy client sends it with new cards). */
const SAVED_CARD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each call's body schema (schemas/api/booking-payment.schema.ts), compiled once. */
export const payBodies = {
  generatePgToken: compileApiBody<GeneratePgTokenBody>(generatePgTokenSchema),
  zeroAmountBooking: compileApiBody<ZeroAmountBookingBody>(zeroAmountBookingSchema),
  cardGuarantee: compileApiBody<CardGuaranteeBody>(cardGuaranteeSchema),
  hostedPayment: compileApiBody<HostedPaymentBody>(hostedPaymentSchema),
  generateCheckSum: compileApiBody<GenerateCheckSumBody>(generateCheckSumSchema),
  paymentWithSavedCard: compileApiBody<PaymentWithSavedCardBody>(paymentWithSavedCardSchema),
};

const validateOxxoWebhook = compileApiBody<OxxoWebhookBody>(oxxoWebhookSchema);
const validateInitBooking = compileApiBody<InitBookingBody>(initBookingSchema);

/** This family's refusal envelope: `{ status: 'invalid', message }` (docs/api.md "Booking payment"). */
export const payBodyRefused = (status: 400 | 405 | 413, message: string) => json({ status: 'invalid', message }, { status, headers: status === 405 ? { Allow: 'POST' } : {} });

/** The Idempotency-Key header when it is well formed. */
function idempotencyKeyOf(header: string | null): string | null {
  return header !== null && IDEMPOTENCY_KEY.test(header) ? header : null;
}

/** Who pays which booking, as every pay call by booking id names them (a guest proves it with the hold's token). */
const payerOf = (context: PayContext, body: { id: string; hold?: string | null }) => ({
  org: context.org,
  session: context.session,
  language: context.locale.language,
  clientIp: context.clientIp,
  userAgent: context.userAgent ?? null,
  bookingReference: body.id,
  holdToken: typeof body.hold === 'string' ? body.hold : null,
});

/** POST /api/booking/generatePgToken: pays a booking by card, saved card, invoice or OXXO. */
export async function generatePgToken(context: PayContext, body: GeneratePgTokenBody, idempotencyKeyHeader: string | null, options: { db?: Database } = {}): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  const method = body.payment_method;
  const amountMinor = toMinorUnits(body.pg_amt);
  if (amountMinor === null || amountMinor === 0) return invalid('pg_amt: the amount to pay, above 0, with at most 2 decimals');
  if (body.pg_amount !== undefined && body.pg_amount !== null && toMinorUnits(body.pg_amount) !== amountMinor) return invalid('pg_amount: must equal pg_amt');
  let card: PayRequest['card'] = null;
  if (method === 'card') {
    if (body.nonce === undefined) return invalid('nonce: the card frame nonce is required for payment_method card');
    card = { nonce: body.nonce };
  }
  if (method === 'saved_card') {
    if (typeof body.card_id !== 'string' || !SAVED_CARD_ID.test(body.card_id)) return invalid('card_id: the id of one of your saved cards');
    card = { savedCardId: body.card_id, nonce: body.nonce ?? null };
  }
  return respond(
    await pay(
      {
        ...payerOf(context, body),
        method,
        claimed: { amountMinor, currency: body.currency },
        card,
        deviceData: body.device_data ?? null,
        idempotencyKey,
        fingerprint: requestFingerprint('generatePgToken', body),
      },
      options.db,
    ),
  );
}

/**
 * POST /api/booking/hostedPayment {id, pg_amt, currency, hold?}: a car of another provider
 * (payment mode 'card-provider', variant 'redirect') is paid on that provider's own page
 * (decision 0055): the attempt is made as for a card, the page is opened under its order id, and
 * the answer is `{ status: 'redirect', redirect_url }`; the payer comes back to
 * HOSTED_RETURN_PATH. `origin`: this site's, which the payer is sent back to.
 */
export async function hostedPayment(context: PayContext & { origin: string }, body: HostedPaymentBody, idempotencyKeyHeader: string | null): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  const amountMinor = toMinorUnits(body.pg_amt);
  if (amountMinor === null || amountMinor === 0) return invalid('pg_amt: the amount to pay, above 0, with at most 2 decimals');
  return respond(
    await pay({
      ...payerOf(context, body),
      method: 'card',
      claimed: { amountMinor, currency: body.currency },
      card: null,
      idempotencyKey,
      fingerprint: requestFingerprint('hostedPayment', body),
      hosted: { origin: context.origin },
    }),
  );
}

/** POST /api/booking/zeroAmountBooking {id}: confirms a free booking without the gateway. */
export async function zeroAmountBooking(context: PayContext, body: ZeroAmountBookingBody, header: string | null): Promise<Response> {
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  if (header !== null && !IDEMPOTENCY_KEY.test(header)) return invalid('Idempotency-Key: 8–128 letters, digits, _ : . -');
  return respond(
    await pay({
      ...payerOf(context, body),
      method: 'zero',
      claimed: null,
      card: null,
      // A free booking needs no client key: one zero-amount attempt per booking is the rule.
      // '/' never appears in a client's key, so this one cannot be claimed by anyone else first.
      idempotencyKey: header ?? `zero/${body.id}`,
      fingerprint: requestFingerprint('zeroAmountBooking', header ? body : { id: body.id }),
    }),
  );
}

/**
 * POST /api/booking/cardGuarantee {id, nonce, hold?}: books a car whose payment mode is 'iframe'
 * on a verified card kept as its guarantee; nothing is charged (decision 0019).
 */
export async function cardGuarantee(context: PayContext, body: CardGuaranteeBody, idempotencyKeyHeader: string | null): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  return respond(
    await pay({
      ...payerOf(context, body),
      method: 'guarantee',
      claimed: null,
      card: { nonce: body.nonce },
      idempotencyKey,
      fingerprint: requestFingerprint('cardGuarantee', body),
    }),
  );
}

type ChecksumInput = { orderId: string; currency: string; countryCode: string; amount: string; apiKey: string };

/** What the schema cannot say about a checksum's fields; the message names the caller's field. */
function checksumInput(
  fields: { orderId: string; currency: string; countryCode: string; amount: number | string; apiKey?: string | null },
  names: { orderId: string; amount: string },
): ChecksumInput | string {
  if (!isValidBookingId(fields.orderId)) return `${names.orderId}: a booking id (without 'undefined' or 'NaN')`;
  const minor = toMinorUnits(fields.amount);
  if (minor === null || minor === 0) return `${names.amount}: above 0, with at most 2 decimals`;
  return { orderId: fields.orderId, currency: fields.currency, countryCode: fields.countryCode, amount: toGatewayAmount(minor), apiKey: fields.apiKey ?? '' };
}

function checksumSecret(): Buffer | null {
  return paymentsOrNull()?.secrets.checksum ?? null;
}

/** POST /api/pgv2/generateCheckSum {orderId, currency, countryCode, amount, api_key} → {checksum}. */
export function generateCheckSum(session: ActiveSession, body: GenerateCheckSumBody): Response {
  const { api_key: apiKey, ...fields } = body;
  const input = checksumInput({ ...fields, apiKey }, { orderId: 'orderId', amount: 'amount' });
  if (typeof input === 'string') return invalid(input);
  const secret = checksumSecret();
  if (!secret) return json({ status: 'unavailable', message: 'Card payments are not available' }, { status: 503 });
  return json({ checksum: checksumOf(secret, { ...input, userId: session.userDbId }) });
}

/**
 * POST /api/pgv2/paymentWithSavedCard: the second-provider saved-card payment. The checksum of
 * generateCheckSum must match (same order, amount, currency, country, api_key and user).
 */
export async function paymentWithSavedCard(
  { org, session, locale, clientIp }: PayContext & { session: ActiveSession },
  body: PaymentWithSavedCardBody,
  idempotencyKeyHeader: string | null,
): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  const input = checksumInput(
    { orderId: body.order_id, currency: body.currency, countryCode: body.country_code, amount: body.amount, apiKey: body.api_key },
    { orderId: 'order_id', amount: 'amount' },
  );
  if (typeof input === 'string') return invalid(input);
  const secret = checksumSecret();
  if (!secret) return json({ status: 'unavailable', message: 'Card payments are not available' }, { status: 503 });
  if (!sameHex(body.checksum, checksumOf(secret, { ...input, userId: session.userDbId }))) {
    return json({ status: 'invalid_checksum', message: 'The checksum does not match this payment' }, { status: 403 });
  }
  const minor = toMinorUnits(input.amount) ?? 0;
  return respond(
    await pay({
      org,
      session,
      language: locale.language,
      clientIp,
      bookingReference: input.orderId,
      // A booking started before signing in is the hold holder's (mayPay).
      holdToken: typeof body.hold === 'string' && body.hold.length <= 128 ? body.hold : null,
      method: 'saved_card',
      claimed: { amountMinor: minor, currency: input.currency },
      card: { savedCardId: body.card_id, nonce: typeof body.nonce === 'string' ? body.nonce : null },
      deviceData: body.device_data ?? null,
      idempotencyKey,
      fingerprint: requestFingerprint('paymentWithSavedCard', body),
    }),
  );
}

/**
 * A pay call's body (checked by its schema, refused in the payment family's envelope) and its
 * Idempotency-Key header; a method other than POST is refused first.
 */
export async function readPayCall<T>(request: Request, validate: ApiBodyValidator<T>): Promise<{ body: T; idempotencyKey: string | null }> {
  if (request.method !== 'POST') throw payBodyRefused(405, 'Use POST');
  return { body: await requireApiBody(request, validate, { fail: payBodyRefused }), idempotencyKey: request.headers.get('idempotency-key') };
}

/**
 * POST /api/payments/oxxo/webhook: a voucher was paid in store. Signed (`X-Oxxo-Signature`,
 * HMAC of "t.body", at most 5 minutes old); applying it twice changes nothing. `raw` is the
 * body as received (the signature covers its bytes).
 */
export async function oxxoWebhook(raw: string, signature: string | null, db?: Database): Promise<Response> {
  const secret = oxxoCollectorOrNull()?.webhookSecret;
  if (!secret) return json({ status: 'unavailable' }, { status: 503 });
  // The server's body limit stops anything huge before it is read; this is the event's own bound.
  if (Buffer.byteLength(raw) > 4_096) return json({ status: 'invalid', message: 'The body is too large (at most 4096 bytes)' }, { status: 413 });
  const verdict = verifyWebhook(secret, raw, signature, Math.floor(Date.now() / 1000));
  if (verdict !== 'ok') return json({ status: 'invalid_signature', message: verdict === 'stale' ? 'The webhook is too old' : 'Bad signature' }, { status: 401 });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid('The body is not valid JSON');
  }
  // Checked only once the signature holds: an unsigned body is not worth describing.
  const event = checkApiBody(parsed, validateOxxoWebhook, payBodyRefused);
  if (!event.ok) return event.response;
  return respond(await payOxxoVoucher(event.body.reference, event.body.amount_minor, db));
}

/** initBooking's refusals are `{ error: 'invalid', message }` (docs/api.md; domain/booking-submit reads `error`). */
const initBookingRefused = (status: number, message: string) => json({ error: 'invalid', message }, { status });

/**
 * Freezes what the visitor's booking for hold `form.hold` charges (booking-init.server.ts), as
 * the checkout's submit and initBooking answer it: 200 {booking_id, amount_minor, currency}; 403
 * demo; 409 traveler_required, expired or already_paid; 400 malformed.
 */
export async function initBookingAction(
  context: Pick<PayContext, 'org' | 'session'>,
  form: FormData,
  product: string,
  charge: Charge,
  options: { db?: Database } = {},
): Promise<Response> {
  const hold = form.get('hold');
  const answer = await freezeBookingCharge(context, typeof hold === 'string' ? hold : '', product, charge, options.db);
  return respond(answer);
}

/**
 * POST /api/booking/initBooking {hold, product_type}: the first step of the booking submit
 * (spec §4 step 2). Takes the charge of the hold's quote, then freezes that amount on the
 * visitor's booking. 409 when there is no such live hold or it has no quote.
 */
export async function initBooking(context: Pick<PayContext, 'org' | 'session'>, request: Request): Promise<Response> {
  const { hold, product_type: product } = await requireApiBody(request, validateInitBooking, { fail: initBookingRefused });
  const charge = await chargeForHold({ orgId: context.org.orgId, userId: context.session?.userDbId ?? null }, product, hold);
  if (!charge) return json({ error: 'expired' }, { status: 409 });
  const answer = await freezeBookingCharge(context, hold, product, charge);
  return respond(answer);
}

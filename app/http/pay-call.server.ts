import { payBodyRefused } from '~/services/booking-payments/booking-payment.server';
import { type ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { requireApiBody } from './api-body.server';

/**
 * A pay call's body (checked by its schema, refused in the payment family's envelope) and its
 * Idempotency-Key header; a method other than POST is refused first.
 */
export async function readPayCall<T>(request: Request, validate: ApiBodyValidator<T>): Promise<{ body: T; idempotencyKey: string | null }> {
  if (request.method !== 'POST') throw payBodyRefused(405, 'Use POST');
  return { body: await requireApiBody(request, validate, { fail: payBodyRefused }), idempotencyKey: request.headers.get('idempotency-key') };
}

import type { AppLoadContext } from '@remix-run/node';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { postOnly } from '~/http/post-only.server';
import { type PointsCardsCaller, requirePointsCardsCaller } from '~/http/stored-value-cards-api.server';
import { requireApiBody } from './api-body.server';

/**
 * A points or payment-card call's member and body (checked by its schema), or the 4xx to
 * answer: the method (405), then the session (401), then the body (400).
 */
export async function readPointsCardsCall<T>(request: Request, context: AppLoadContext, validate: ApiBodyValidator<T>): Promise<{ caller: PointsCardsCaller; body: T }> {
  if (request.method !== 'POST') postOnly();
  const caller = requirePointsCardsCaller(context);
  return { caller, body: await requireApiBody(request, validate) };
}

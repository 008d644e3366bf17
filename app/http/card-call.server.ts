import type { AppLoadContext } from '@remix-run/node';
import { type CardCaller, cardFail, methodNotAllowed, requireCardSession } from '~/http/card-api.server';
import { type ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { requireApiBody } from './api-body.server';

/**
 * A saved-card call's caller and body (checked by its schema), or the 4xx to answer: the
 * method, then the session, then the body, in the card calls' envelope.
 */
export async function readCardCall<T>(
  request: Request,
  context: AppLoadContext,
  method: 'POST' | 'DELETE',
  validate: ApiBodyValidator<T>,
): Promise<{ caller: CardCaller; body: T }> {
  if (request.method !== method) throw methodNotAllowed(method);
  const caller = { org: context.org, session: requireCardSession(context.session) };
  return { caller, body: await requireApiBody(request, validate, { fail: cardFail }) };
}

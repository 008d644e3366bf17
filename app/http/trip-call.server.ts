import type { AppLoadContext } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { NO_API_SESSION } from '~/services/identity/session.server';
import type { TripActor } from '~/services/booking/trips.server';
import { requireApiBody } from './api-body.server';
import { postOnly } from './post-only.server';

/**
 * A trip call's actor and body, or the 4xx to answer (thrown): the method, then the session
 * (trips belong to an account), then the body by its schema, in the house envelope.
 */
export async function readTripCall<T>(request: Request, context: AppLoadContext, validate: ApiBodyValidator<T>): Promise<{ actor: TripActor; body: T }> {
  if (request.method !== 'POST') postOnly();
  const { session, org } = context;
  if (!session) throw json(NO_API_SESSION, { status: 401 });
  const actor = { orgId: org.orgId, userDbId: session.userDbId, userId: session.user.userId, email: session.user.email, language: context.locale.language };
  return { actor, body: await requireApiBody(request, validate) };
}

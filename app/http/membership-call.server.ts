import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import type { ActiveSession } from '~/services/identity/session.server';
import { NO_API_SESSION } from '~/services/identity/session.server';
import type { MembershipContext } from '~/services/membership/membership.server';
import type { Answer } from '~/domain/answer';
import { readApiBody } from './api-body.server';
import { postOnly } from './post-only.server';
import { respond } from './respond.server';

/**
 * The action of a signed-in membership call (docs/api.md "Membership"): POST only (405), a
 * session (401), the body read and checked against its schema (400/413), then the service.
 */
export function signedInMembershipAction<T>(validate: ApiBodyValidator<T>, call: (context: MembershipContext & { session: ActiveSession }, body: T) => Promise<Answer>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== 'POST') postOnly();
    const { session, org } = context;
    if (!session) throw json(NO_API_SESSION, { status: 401 });
    const read = await readApiBody(request, validate);
    if (!read.ok) throw read.response;
    return respond(await call({ org, session }, read.body));
  };
}

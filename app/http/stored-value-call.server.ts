import type { AppLoadContext } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { NO_API_SESSION } from '~/services/identity/session.server';
import type { StoredValueCaller } from '~/http/stored-value-cash-api.server';
import { type ApiBodyFailure, requireApiBody } from './api-body.server';

/**
 * A coupon or cash card call's caller and body, or the 4xx to answer (thrown): the method, then
 * the session (members only: stored value belongs to an account), then the body by its schema,
 * each in the call family's envelope (`fail`).
 */
export async function readStoredValueCall<T>(
  request: Request,
  context: AppLoadContext,
  fail: ApiBodyFailure,
  validate: ApiBodyValidator<T>,
): Promise<{ caller: StoredValueCaller; body: T }> {
  if (request.method !== 'POST') throw json({ status: 'failed', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const { session } = context;
  if (!session) throw json({ ...NO_API_SESSION, status: 'failed', status_code: 401 }, { status: 401 });
  const caller = { org: context.org, member: { orgId: context.org.orgId, userId: session.userDbId }, language: context.locale.language };
  return { caller, body: await requireApiBody(request, validate, { fail }) };
}

/** These calls take only POST. */
export function storedValueLoader(): never {
  throw json({ status: 'failed', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

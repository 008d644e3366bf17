import { type ActionFunctionArgs, json } from '@remix-run/node';
import { type LoginBody, loginSchema } from '#schemas/api/auth.schema';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { readApiBody } from '~/http/api-body.server';
import { attemptPasswordLogin, consumeImpersonationKey, MESSAGES, throttledMessage } from '~/services/identity/auth.server';
import { log } from '~/services/platform/logger.server';
import { createSession, getSessionByToken, SESSION_OUT_URL } from '~/services/identity/session.server';

const validateLoginPayload = compileApiBody<LoginBody>(loginSchema);

function fail(status: number, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return json({ status, message, ...extra }, { status, headers });
}

export async function loader() {
  return fail(405, 'Use POST to sign in');
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return fail(405, 'Use POST to sign in');
  const read = await readApiBody(request, validateLoginPayload);
  if (!read.ok) return read.response;
  const payload = read.body;
  const { org } = context;

  if (payload.googletoken || payload.fbtoken) return fail(400, MESSAGES.social);

  let userId: number;
  let impersonation: { authorId: number; authorExpiresAt: Date } | null = null;
  if (payload.impersonate_key !== undefined) {
    const used = await consumeImpersonationKey(org, payload.impersonate_key);
    if (!used) return fail(401, MESSAGES.impersonationFailed, { logout_url: `${SESSION_OUT_URL}?reason=impersonation` });
    userId = used.userId;
    impersonation = used.impersonation;
  } else {
    if (!payload.email_id || payload.password === undefined) {
      return fail(400, 'Invalid sign-in request: email_id and password are required');
    }
    const result = await attemptPasswordLogin(org, payload.email_id, payload.password, context.clientIp);
    // The request's correlation id rides on the line (logger): a refusal is found with its request.
    if (result.kind !== 'ok') log.warn('sign-in refused', { reason: result.kind, orgId: org.orgId, clientIp: context.clientIp });
    switch (result.kind) {
      case 'throttled':
        return fail(429, throttledMessage(result.retryAfterSeconds), { retry_after: result.retryAfterSeconds }, { 'Retry-After': String(result.retryAfterSeconds) });
      case 'invalid':
        return fail(401, MESSAGES.invalidCredentials);
      case 'blocked':
        return fail(403, MESSAGES.blocked);
      case 'ok':
        userId = result.userId;
    }
  }

  const { setCookie, token } = await createSession(context, { userId, impersonation });
  // Read the new session back through the same code path every request's context uses.
  const session = await getSessionByToken({ token, orgId: org.orgId });
  return json({ status: 200, message: 'Signed in', data: session?.user ?? null }, { status: 200, headers: { 'Set-Cookie': setCookie } });
}

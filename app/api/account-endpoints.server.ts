import { addressKeyOf } from '~/services/platform/address-key.server';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { type InvoiceCreditBody, invoiceCreditSchema } from '#schemas/api/account.schema';
import { type ImpersonationKeyBody, type LoginBody, type LogoutBody, impersonationKeySchema, loginSchema, logoutSchema } from '#schemas/api/auth.schema';
import { readApiBody } from '~/http/api-body.server';
import { requireApiSession } from '~/http/require-session.server';
import { respond } from '~/http/respond.server';
import { grantInvoiceCredit, isInvoiceCreditAdmin } from '~/services/booking-payments/invoice-credit.server';
import { attemptPasswordLogin, consumeImpersonationKey, issueImpersonationKey, MESSAGES, throttledMessage } from '~/services/identity/auth.server';
import { PreferenceError, preferenceChoice, saveUserPreferences, validatePreferenceUpdate } from '~/services/identity/preferences.server';
import { createSession, destroySession, getSessionByToken, SESSION_OUT_URL } from '~/services/identity/session.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { publicOriginOf } from '~/services/config/config.server';
import { log } from '~/services/platform/logger.server';

const validateLoginPayload = compileApiBody<LoginBody>(loginSchema);
const validateLogout = compileApiBody<LogoutBody>(logoutSchema);
const validateIssue = compileApiBody<ImpersonationKeyBody>(impersonationKeySchema);
const validateInvoiceCredit = compileApiBody<InvoiceCreditBody>(invoiceCreditSchema);

/** A sign-in refusal, in the house envelope with any extra fields and headers. */
function loginFail(status: number, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return json({ status, message, ...extra }, { status, headers });
}

/** The account calls: signing in and out, the session, an agent's impersonation keys, the user's preferences, an admin's invoice credit; by path. */
export const accountEndpoints = {
  '/api/auth/login': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') return loginFail(405, 'Use POST to sign in');
      const read = await readApiBody(request, validateLoginPayload);
      if (!read.ok) return read.response;
      const payload = read.body;
      const { org } = context;

      if (payload.googletoken || payload.fbtoken) return loginFail(400, MESSAGES.social);

      let userId: number;
      let impersonation: { authorId: number; authorExpiresAt: Date } | null = null;
      if (payload.impersonate_key !== undefined) {
        const used = await consumeImpersonationKey(org, payload.impersonate_key);
        if (!used) return loginFail(401, MESSAGES.impersonationFailed, { logout_url: `${SESSION_OUT_URL}?reason=impersonation` });
        userId = used.userId;
        impersonation = used.impersonation;
      } else {
        if (!payload.email_id || payload.password === undefined) {
          return loginFail(400, 'Invalid sign-in request: email_id and password are required');
        }
        const result = await attemptPasswordLogin(org, payload.email_id, payload.password, context.clientIp, context.userAgent);
        // The request's correlation id rides on the line (logger): a refusal is found with its request.
        if (result.kind !== 'ok') log.warn('sign-in refused', { reason: result.kind, orgId: org.orgId, address: await addressKeyOf(context.clientIp) });
        switch (result.kind) {
          case 'throttled':
            return loginFail(429, throttledMessage(result.retryAfterSeconds), { retry_after: result.retryAfterSeconds }, { 'Retry-After': String(result.retryAfterSeconds) });
          case 'invalid':
            return loginFail(401, MESSAGES.invalidCredentials);
          case 'blocked':
            return loginFail(403, MESSAGES.blocked);
          case 'refused':
            return loginFail(403, MESSAGES.refused);
          case 'ok':
            userId = result.userId;
        }
      }

      const { setCookie, token } = await createSession(context, { userId, impersonation });
      // Read the new session back through the same code path every request's context uses.
      const session = await getSessionByToken({ token, orgId: org.orgId });
      return json({ status: 200, message: 'Signed in', data: session?.user ?? null }, { status: 200, headers: { 'Set-Cookie': setCookie } });
    },
    loader: async () => loginFail(405, 'Use POST to sign in'),
  },
  /** Ends the session server-side (the old cookie no longer works anywhere) and clears the cookie. */
  '/api/auth/logout': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') return json({ status: 405, message: 'Use POST to sign out' }, { status: 405 });
      // No fields; a body that names one is refused like on every /api call (and signs nobody out).
      const read = await readApiBody(request, validateLogout, { emptyIsObject: true });
      if (!read.ok) return read.response;
      const setCookie = await destroySession(context);
      return json({ status: 200, message: 'Signed out' }, { headers: { 'Set-Cookie': setCookie } });
    },
    loader: async () => json({ status: 405, message: 'Use POST to sign out' }, { status: 405 }),
  },
  /** The session check (spec §4 step 4): the session user, role included, or 401 with where to go. */
  '/api/auth/session': {
    loader: async ({ context }: LoaderFunctionArgs) => {
      const session = requireApiSession(context.session);
      return json({ status: 200, data: session.user }, { headers: { 'Cache-Control': 'no-store' } });
    },
  },
  /** An agent or admin asks for a 2-minute, single-use sign-in link for one of its customers. */
  '/api/auth/impersonation-keys': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') return json({ status: 405, message: 'Use POST to issue a key' }, { status: 405 });
      const session = requireApiSession(context.session);
      const body = await readApiBody(request, validateIssue);
      if (!body.ok) return body.response;
      const result = await issueImpersonationKey({ session, orgId: session.user.org_id }, body.body.user_id);
      if (result.kind === 'error') return json({ status: result.status, message: result.message }, { status: result.status });
      // The link opens on the organisation's own origin, whatever Host the request named.
      const url = new URL('/', publicOriginOf(context.org));
      url.searchParams.set('impersonate_key', result.key);
      return json(
        { status: 201, data: { impersonate_key: result.key, expires_at: result.expiresAt.toISOString(), url: url.toString() } },
        { status: 201, headers: { 'Cache-Control': 'no-store' } },
      );
    },
    loader: async () => json({ status: 405, message: 'Use POST to issue a key' }, { status: 405 }),
  },
  /**
   * POST (spec §7): `{ usr_type, preferred_language, preferred_currency, date_format? }`.
   * usr_type is checked but never changes the account's type: a preference call is no way to
   * change who a user is.
   */
  '/api/user/preferences': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
      const { session } = context;
      if (!session) throw json({ status: 401, message: 'Sign in to save preferences' }, { status: 401 });
      const read = await readApiBody(request, validatePreferenceUpdate);
      if (!read.ok) throw read.response;
      try {
        const choice = preferenceChoice(context.org, read.body);
        await saveUserPreferences(session.userDbId, choice);
        return json({
          status: 200,
          message: 'Preferences saved',
          data: { preferred_language: choice.language.code, preferred_currency: choice.currency.code, ...(choice.dateFormat ? { date_format: choice.dateFormat } : {}) },
        });
      } catch (error) {
        if (error instanceof PreferenceError) throw json({ status: 400, message: error.message }, { status: 400 });
        throw error;
      }
    },
    loader: async () => {
      throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
    },
  },
  /** An organisation's admin sets a user's or a company's invoice credit (docs/api.md); 401 signed out, 403 not the admin. */
  '/api/admin/invoiceCredit': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') return json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
      const session = requireApiSession(context.session);
      if (!isInvoiceCreditAdmin(session, context.org)) return json({ status: 403, message: 'Only an administrator of this organisation sets invoice credit' }, { status: 403 });
      const read = await readApiBody(request, validateInvoiceCredit);
      if (!read.ok) return read.response;
      return respond(await grantInvoiceCredit({ org: context.org, session }, read.body));
    },
    loader: async () => json({ status: 405, message: 'Use POST to set invoice credit' }, { status: 405, headers: { Allow: 'POST' } }),
  },
};

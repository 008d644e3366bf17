import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { hostnameOfHostHeader } from '~/services/config/config.server';
import { resolveRequestContext } from '~/services/site/request-context.server';

/** The load context the server would hand a route for `request` (tests call routes directly). */
export async function loadContextFor(request: Request, clientIp = '127.0.0.1'): Promise<AppLoadContext> {
  const context = await resolveRequestContext({
    hostname: hostnameOfHostHeader(request.headers.get('host') ?? new URL(request.url).host),
    cookieHeader: request.headers.get('cookie') ?? undefined,
    correlationId: 'test',
    clientIp,
    userAgent: request.headers.get('user-agent'),
  });
  return { ...context, cspNonce: '', pageCache: { policy: null } };
}

/** What createSession needs of a request that carries no cookie yet, on `hostname`. */
export const freshVisitorOn = (hostname: string) => ({ hostname, cookie: () => undefined });

type RouteAction = (args: ActionFunctionArgs) => Promise<Response> | Response;

/** Calls a route's action as the server does (its load context resolved from the request); a thrown Response is the answer. */
export async function callAction(action: RouteAction, request: Request, params: ActionFunctionArgs['params'] = {}): Promise<Response> {
  try {
    return await action({ request, params, context: await loadContextFor(request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

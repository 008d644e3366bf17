import type { AppLoadContext } from '@remix-run/node';
import { hostnameOfHostHeader } from '~/services/config.server';
import { resolveRequestContext } from '~/services/request-context.server';

/** The load context the server would hand a route for `request` (tests call routes directly). */
export async function loadContextFor(request: Request, clientIp = '127.0.0.1'): Promise<AppLoadContext> {
  const context = await resolveRequestContext({
    hostname: hostnameOfHostHeader(request.headers.get('host') ?? new URL(request.url).host),
    cookieHeader: request.headers.get('cookie') ?? undefined,
    correlationId: 'test',
    clientIp,
  });
  return { ...context, cspNonce: '' };
}

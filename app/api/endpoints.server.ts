import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { endpointFinder } from '~/http/endpoint-path';
import { accountEndpoints } from './account-endpoints.server';
import { bookingEndpoints } from './booking-endpoints.server';
import { fraudEndpoints } from './fraud-endpoints.server';
import { membershipEndpoints } from './membership-endpoints.server';
import { savedCardEndpoints } from './saved-card-endpoints.server';
import { siteEndpoints } from './site-endpoints.server';
import { storedValueEndpoints } from './stored-value-endpoints.server';
import { tripEndpoints } from './trip-endpoints.server';
import { weeksEndpoints } from './weeks-endpoints.server';

/**
 * An /api endpoint: a row of one of this folder's groups (`*-endpoints.server.ts`) with Remix's
 * `loader` (GET, HEAD) and/or `action` (POST, PUT, PATCH, DELETE), each taking
 * `{ request, params, context }` as a route's would.
 */
type Endpoint = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

/**
 * Every /api endpoint by its URL, the path it had as a flat route in app/routes (`:name` a
 * parameter): the rows of the groups, by area. All of them are mounted through the one route
 * app/routes/api.$.ts, so a page request matches one route for the whole API instead of one per
 * endpoint, and pages' manifests do not list them. endpoints.test.ts checks that no path is in
 * two groups (the later spread would silently win) and that each group's rows are here.
 */
export const apiEndpoints = {
  ...accountEndpoints,
  ...bookingEndpoints,
  ...fraudEndpoints,
  ...membershipEndpoints,
  ...savedCardEndpoints,
  ...siteEndpoints,
  ...storedValueEndpoints,
  ...tripEndpoints,
  ...weeksEndpoints,
} satisfies Record<string, Endpoint>;

const findEndpoint = endpointFinder<Endpoint>(apiEndpoints);

/** The methods Remix hands to each handler of a resource route. */
const methodsOf = { loader: ['GET', 'HEAD'], action: ['POST', 'PUT', 'PATCH', 'DELETE'] } as const;

/**
 * Answers an /api request with the endpoint its path names: the endpoint's `loader` or `action`
 * (whichever Remix chose for the method) gets the request as it came, with the endpoint's own
 * params, and whatever it returns or throws is the answer. An unknown path is a JSON 404; an
 * endpoint without the handler the method needs is a 405 naming the methods it takes.
 */
export function callApiEndpoint(handler: 'loader' | 'action', args: LoaderFunctionArgs | ActionFunctionArgs) {
  const found = findEndpoint(new URL(args.request.url).pathname);
  if (!found) return json({ status: 404, message: 'Not found' }, { status: 404 });
  const run = found.endpoint[handler];
  if (!run) {
    const allowed = found.endpoint.loader ? methodsOf.loader : methodsOf.action;
    return json({ status: 405, message: `Use ${allowed.join(' or ')}` }, { status: 405, headers: { Allow: allowed.join(', ') } });
  }
  return run({ ...args, params: found.params });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { callApiEndpoint } from '~/api/endpoints.server';

// Every /api/* call, answered by the endpoint its path names (app/api/endpoints.server.ts). One
// route for the whole API keeps the route tree every page request matches small, and keeps the
// endpoints out of the pages' manifests. NOTE: no default export, so this stays a resource route
// with no client module; the endpoints' server code never reaches a browser bundle.
export const loader = (args: LoaderFunctionArgs) => callApiEndpoint('loader', args);
export const action = (args: ActionFunctionArgs) => callApiEndpoint('action', args);

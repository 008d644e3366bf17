import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { autosuggestAirports } from '~/domain/airports';
import { readJsonBody } from '~/services/json-body.server';
import { requireWithinRateLimit } from '~/services/rate-limit.server';

/**
 * POST /api/flights/autosuggestV2 (spec §7): `{ text, latitude, longitude, type, language }`
 * → airports, each with iata, search_type 6, latitude and longitude. Wrong types or values
 * answer 400 with what is wrong; too many calls from one visitor answer 429.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  await requireWithinRateLimit(request, context.clientIp, 'autosuggest');
  const body = await readJsonBody(request);
  if (!body.ok) throw body.response;
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw json({ status: 400, message: 'The body must be a JSON object' }, { status: 400 });
  }
  const result = autosuggestAirports(value);
  if (!result.ok) throw json({ status: 400, message: result.error }, { status: 400 });
  return json({ status: 200, data: result.items });
}

export async function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

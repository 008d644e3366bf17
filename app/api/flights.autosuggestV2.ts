import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { autosuggestAirports } from '~/domain/airports';
import { type AutosuggestBody, autosuggestSchema } from '#schemas/api/flights.schema';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { readApiBody } from '~/http/api-body.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';

/**
 * POST /api/flights/autosuggestV2 (spec §7): `{ "json": { text, latitude, longitude, type, language } }`
 * (or those fields at the top level) → airports, each with iata, search_type 6, latitude and longitude. Wrong types or values
 * answer 400 with what is wrong; too many calls from one visitor answer 429.
 */
const validateAutosuggest = compileApiBody<AutosuggestBody>(autosuggestSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  await requireWithinRateLimit(context, 'autosuggest', 'api');
  const read = await readApiBody(request, validateAutosuggest);
  if (!read.ok) throw read.response;
  const { json: wrapped, ...fields } = read.body;
  if (wrapped && Object.keys(fields).length > 0) throw json({ status: 400, message: 'Send the fields inside json or beside it, not both' }, { status: 400 });
  const result = autosuggestAirports(wrapped ?? fields);
  if (!result.ok) throw json({ status: 400, message: result.error }, { status: 400 });
  return json({ status: 200, data: result.items });
}

export async function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

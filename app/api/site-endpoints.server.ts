import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { type AutosuggestBody, autosuggestSchema } from '#schemas/api/flights.schema';
import { autosuggestAirports } from '~/domain/airports';
import { readApiBody } from '~/http/api-body.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { getPageAds } from '~/services/site/ads.server';

const PATH_PATTERN = /^\/[A-Za-z0-9/_-]{0,200}$/;

const validateAutosuggest = compileApiBody<AutosuggestBody>(autosuggestSchema);

/** What the site's pages ask for besides a product's calls: their ads and the airport search box's suggestions; by path. */
export const siteEndpoints = {
  /** GET ?path=/resorts: the page's ads for this visitor (docs/api.md). */
  '/api/ads': {
    loader: async ({ request, context }: LoaderFunctionArgs) => {
      const path = new URL(request.url).searchParams.get('path');
      if (!path || !PATH_PATTERN.test(path)) {
        throw json({ status: 400, message: "Query parameter 'path' must be a site path such as /resorts" }, { status: 400 });
      }
      const adsData = getPageAds({ org: context.org, pathname: path, signedIn: context.session !== null });
      return json({ status: 200, data: { adsData } }, { headers: { 'Cache-Control': 'private, no-store' } });
    },
  },
  /**
   * POST (spec §7): `{ "json": { text, latitude, longitude, type, language } }`
   * (or those fields at the top level) → airports, each with iata, search_type 6, latitude and longitude. Wrong types or values
   * answer 400 with what is wrong; too many calls from one visitor answer 429.
   */
  '/api/flights/autosuggestV2': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
      await requireWithinRateLimit(context, 'autosuggest', 'api');
      const read = await readApiBody(request, validateAutosuggest);
      if (!read.ok) throw read.response;
      const { json: wrapped, ...fields } = read.body;
      if (wrapped && Object.keys(fields).length > 0) throw json({ status: 400, message: 'Send the fields inside json or beside it, not both' }, { status: 400 });
      const result = autosuggestAirports(wrapped ?? fields);
      if (!result.ok) throw json({ status: 400, message: result.error }, { status: 400 });
      return json({ status: 200, data: result.items });
    },
    loader: async () => {
      throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
    },
  },
};

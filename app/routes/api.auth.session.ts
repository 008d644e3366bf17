import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { requireApiSession } from '~/services/session.server';

/** The session check (spec §4 step 4): the session user, role included, or 401 with where to go. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireApiSession(request);
  return json({ status: 200, data: session.user }, { headers: { 'Cache-Control': 'no-store' } });
}

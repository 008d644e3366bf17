import type { ActionFunctionArgs } from '@remix-run/node';
import { releaseWeeksHold, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/release (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => releaseWeeksHold(request);

export function loader() {
  throw methodNotAllowed();
}

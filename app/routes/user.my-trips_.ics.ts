import type { LoaderFunctionArgs } from '@remix-run/node';
import { openedTripId } from '~/blocks/trips.list/data.server';
import { format, messagesFor } from '~/i18n';
import { requireUser } from '~/http/require-session.server';
import { tripCalendarFile } from '~/services/booking/trips.server';

/**
 * GET /user/my-trips/ics?trip_id=…: the trip as an .ics calendar file (issue 13 "Take it
 * along"), for its members only; any other trip id is a 404 that says nothing of it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = requireUser(context.session, request.url);
  const tripId = openedTripId(new URL(request.url).searchParams);
  const { org, locale } = context;
  const messages = messagesFor(locale.language, org.copy?.[locale.language]);
  const label = (product: string) => (Object.hasOwn(messages, `product.${product}`) ? messages[`product.${product}` as keyof typeof messages] : product);
  const file = tripId
    ? await tripCalendarFile({ orgId: org.orgId, userDbId: session.userDbId, userId: session.user.userId, email: session.user.email, language: locale.language }, tripId, {
        label,
        booked: (reference) => (reference ? format(messages['trips.calendarBookedReference'], { reference }, locale.language) : messages['trips.booked']),
      })
    : null;
  if (!file) return new Response('No such trip', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  return new Response(file.text, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

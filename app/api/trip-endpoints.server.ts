import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import {
  type TripListBody,
  type TripListCallName,
  addBookingToTripSchema,
  addUserToTripSchema,
  belongsToTripSchema,
  cityImagesSchema,
  getTripsListSchema,
  getTripsSchema,
  inviteToTripSchema,
  tripListSchemas,
} from '#schemas/api/trips.schema';
import type { Answer } from '~/domain/answer';
import { respond } from '~/http/respond.server';
import { postOnly } from '~/http/post-only.server';
import { readTripCall } from '~/http/trip-call.server';
import {
  type AddBookingBody,
  type AddUserToTripBody,
  type BelongsToTripBody,
  type CityImagesBody,
  type GetTripsBody,
  type GetTripsListBody,
  type InviteBody,
  type TripActor,
  addBookingToTrip,
  addUserToTrip,
  belongsToTrip,
  cityImages,
  getTrips,
  getTripsList,
  saveTripListItem,
  sendTripInvitation,
} from '~/services/booking/trips.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { type ApiBodyValidator, compileApiBody } from '~/services/platform/api-body-schema.server';

/**
 * A trip call as a row: its body schema and what answers it. POST only; the session's user in the
 * request's organisation is the actor; the body is refused by its schema in the house envelope
 * before the handler runs (~/http/trip-call.server).
 */
function tripCall<T>(schema: Record<string, unknown>, handle: (actor: TripActor, body: T, context: AppLoadContext) => Promise<Answer>) {
  const validate: ApiBodyValidator<T> = compileApiBody<T>(schema);
  return {
    action: async ({ request, context }: ActionFunctionArgs) => {
      const call = await readTripCall(request, context, validate);
      return respond(await handle(call.actor, call.body, context));
    },
    loader: postOnly,
  };
}

/** An item of a product added to a trip (create…) or changed on it (update…). */
const tripListCall = (name: TripListCallName) => tripCall<TripListBody>(tripListSchemas[name], (actor, body) => saveTripListItem(actor, name, body));

/** The /api/trips calls (spec §7 "Trips", docs/api.md "Trips"), by path. */
export const tripEndpoints = {
  // Adds a hotel, car, flight, activity (or cruise or restaurant table), transfer, resort or stay
  // week to a new trip or the one trip_list_id names.
  '/api/trips/createTripList': tripListCall('createTripList'),
  '/api/trips/createCarTripList': tripListCall('createCarTripList'),
  '/api/trips/createFlightTripList': tripListCall('createFlightTripList'),
  '/api/trips/createActivitiesTripList': tripListCall('createActivitiesTripList'),
  '/api/trips/createTransfersTripList': tripListCall('createTransfersTripList'),
  '/api/trips/createResortsTripList': tripListCall('createResortsTripList'),
  // Changes an item already on a trip.
  '/api/trips/updateTripList': tripListCall('updateTripList'),
  '/api/trips/updateCarTripList': tripListCall('updateCarTripList'),
  '/api/trips/updateFlightTripList': tripListCall('updateFlightTripList'),
  '/api/trips/updateActivitiesTripList': tripListCall('updateActivitiesTripList'),
  '/api/trips/updateTransfersTripList': tripListCall('updateTransfersTripList'),
  '/api/trips/updateResortsTripList': tripListCall('updateResortsTripList'),
  /** The user's trips, or the one trip_id names, with their items. */
  '/api/trips/gettrips': tripCall<GetTripsBody>(getTripsSchema, (actor, body) => getTrips(actor, body)),
  /** The user's trips within 14 days of the dates (spec §9). */
  '/api/trips/gettrips/getTripsList': tripCall<GetTripsListBody>(getTripsListSchema, (actor, body) => getTripsList(actor, body)),
  /** Whether the user is on the trip ({status, exist}). */
  '/api/trips/belongsThistrip': tripCall<BelongsToTripBody>(belongsToTripSchema, (actor, body) => belongsToTrip(actor, body)),
  /** Our destination image for a place. */
  '/api/trips/citieimages': tripCall<CityImagesBody>(cityImagesSchema, (_actor, body) => cityImages(body)),
  /** One of the user's confirmed bookings joins a trip (issue 34). */
  '/api/trips/addBooking': tripCall<AddBookingBody>(addBookingToTripSchema, (actor, body) => addBookingToTrip(actor, body)),
  /** The invited user joins the trip. */
  '/api/trips/addUserToTrip': tripCall<AddUserToTripBody>(addUserToTripSchema, (actor, body) => addUserToTrip(actor, body)),
  /** The trip's owner invites someone by e-mail (issue 13, beyond the spec). */
  '/api/trips/invite': tripCall<InviteBody>(inviteToTripSchema, async (actor, body, context) => {
    // Each invitation is an e-mail to an address the caller chose: counted like sign-up's.
    await requireWithinRateLimit(context, 'tripInvite', 'api');
    return sendTripInvitation(context.org, actor, body);
  }),
};

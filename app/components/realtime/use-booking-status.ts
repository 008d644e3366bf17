import { type Client, gql } from '@urql/core';
import { useEffect, useState } from 'react';
import { type BookingStatusMessage, type BookingStatusState, type FollowDeps, NOT_FOLLOWING, followBookingStatus, pollWith } from '~/domain/booking-status';
import { graphqlClient } from './graphql-client';

const BOOKING_STATUS = gql<{ bookingStatus: BookingStatusMessage }, { bookingId: string }>`
  subscription BookingStatus($bookingId: String!) {
    bookingStatus(bookingId: $bookingId) {
      status
      booking_id
    }
  }
`;

/** The booking-status subscription with urql `client`, as the follower's socket. */
export function subscribeWithUrql(client: Client): FollowDeps['subscribe'] {
  return (reference, sink) =>
    client.subscription(BOOKING_STATUS, { bookingId: reference }).subscribe((result) => {
      // A refused or closed socket, or an operation error: the socket cannot follow this booking.
      if (result.error) sink.error();
      else if (result.data) sink.next(result.data.bookingStatus.status);
    }).unsubscribe;
}

const browser: FollowDeps = {
  subscribe: (reference, sink) => subscribeWithUrql(graphqlClient())(reference, sink),
  poll: pollWith((url) => fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * The live status of the signed-in user's booking `bookingReference` (e.g. 'WAN-7K2QX9AB'; null:
 * follow nothing), over the booking-status subscription, else polling every 2 s at most 10
 * times (spec §4 "Subscription booking"). `done`: nothing more will come. Browser only (effects).
 */
export function useBookingStatus(bookingReference: string | null): BookingStatusState {
  const [state, setState] = useState<BookingStatusState>(NOT_FOLLOWING);
  useEffect(() => {
    if (bookingReference) return followBookingStatus(bookingReference, browser, setState);
    setState(NOT_FOLLOWING);
  }, [bookingReference]);
  return state;
}

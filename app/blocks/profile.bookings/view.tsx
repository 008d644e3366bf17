import { Link } from '@remix-run/react';
import { useState } from 'react';
import { dateRange, useProductName } from '~/components/bookings/booking-success';
import { CancelBookingButton } from '~/components/bookings/cancel-booking';
import { PaymentParts } from '~/components/bookings/payment-parts';
import { useDateStyle } from '~/components/dates';
import { useT } from '~/components/shell-context';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { type BookingTripInput, bookingTripCandidate } from '~/domain/booking-trip';
import { failureMessageKey } from '~/domain/booking-failures';
import type { BlockProps } from '../block-list';

/**
 * "My bookings" on the profile pages: reference (to its success page), product, dates, status
 * and amount with its payment parts, newest first; a failed one with why (and no page to open); a
 * booking whose status the user has not seen yet is marked new. A refundable one has "Cancel
 * booking" (issue 11).
 */
export default function MyBookingsBlock({ data }: BlockProps<'profile.bookings'>) {
  const t = useT();
  const dates = useDateStyle();
  const productName = useProductName();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  // A failure the platform recorded is said in the page's words; any other as it was recorded.
  const failureText = (text: string) => {
    const key = failureMessageKey(text);
    return key ? t(key) : text;
  };
  return (
    <section className="my-bookings" id="my-bookings" aria-labelledby="my-bookings-title">
      <h2 id="my-bookings-title">{t('bookings.title')}</h2>
      <p role="status" className={answer ? `notice ${answer.ok ? 'notice-success' : 'notice-warning'}` : undefined}>
        {answer?.message}
      </p>
      {data.bookings.length === 0 ? (
        <p>{t('bookings.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="bookings-table">
            <thead>
              <tr>
                <th scope="col">{t('bookings.reference')}</th>
                <th scope="col">{t('bookings.product')}</th>
                <th scope="col">{t('bookings.dates')}</th>
                <th scope="col">{t('bookings.status')}</th>
                <th scope="col">{t('bookings.amount')}</th>
                <th scope="col">{t('bookings.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.bookings.map((b) => (
                <tr key={b.reference}>
                  <th scope="row">
                    {b.href ? <Link to={b.href}>{b.reference}</Link> : b.reference}
                    {b.unread ? <span className="badge badge-new">{t('bookings.new')}</span> : null}
                  </th>
                  <td>
                    {productName(b.product)}
                    {b.itemName ? <span className="muted booking-item-name">{b.itemName}</span> : null}
                  </td>
                  <td>{dateRange(b.startsOn, b.endsOn, dates, t)}</td>
                  <td>
                    <span className={`status status-booking-${b.status}`}>{t(`success.status.${b.status}`)}</span>
                    {b.failure ? <span className="muted booking-failure">{failureText(b.failure)}</span> : null}
                  </td>
                  <td>
                    {b.amount?.text ?? '—'}
                    <PaymentParts lines={b.payment} />
                  </td>
                  <td>
                    {b.cancellable ? <CancelBookingButton reference={b.reference} onAnswer={setAnswer} /> : null}
                    <BookingAddToTrip booking={b} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "Add to trip" for a booking that can join one; nothing (and no console note) for the others. */
function BookingAddToTrip({ booking }: { booking: BookingTripInput }) {
  const candidate = bookingTripCandidate(booking);
  return candidate ? <AddToTrip product={booking.product} candidate={candidate} /> : null;
}

import { Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { dateRange, useProductName } from '~/components/bookings/booking-success';
import { useDateStyle } from '~/components/dates';
import { useT } from '~/components/shell-context';
import { TripInviteDialog } from '~/components/trips/trip-invite-dialog';
import type { BlockProps } from '../block-list';

type Data = NonNullable<BlockProps<'trips.list'>['data']>;

type Trip = Extract<Data, { view: 'trip' }>['trip'];

export const tripHref = (id: string) => `/user/my-trips?trip_id=${encodeURIComponent(id)}&workarea=viewMyTrips`;

/**
 * /user/my-trips (issue 13): the user's trips, upcoming first and past below, each with its
 * items of every product (booked ones marked) and totals; a trip link opens one trip, and an id
 * that is not the user's trip shows the trip problem (spec §8) above the list.
 */
export default function TripsListBlock({ data }: BlockProps<'trips.list'>) {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/user/my-trips';
  if (!data) return null;
  return (
    <section className="trips" aria-labelledby="trips-title" aria-busy={loading || undefined}>
      <h1 id="trips-title">{t('trips.title')}</h1>
      <p role="status" className={loading ? 'notice notice-info' : 'visually-hidden'}>
        {loading ? t('trips.loading') : ''}
      </p>
      {data.view === 'problem' ? (
        <p className="notice notice-info" role="alert" data-testid="trip-problem">
          {t('trips.problem', { id: data.tripId })}
        </p>
      ) : null}
      {data.view === 'trip' ? (
        <OpenTrip trip={data.trip} />
      ) : data.upcoming.length === 0 && data.past.length === 0 ? (
        <p className="trips-empty">{t('trips.empty')}</p>
      ) : (
        <>
          <TripGroup id="trips-upcoming" title={t('trips.upcoming')} trips={data.upcoming} />
          <TripGroup id="trips-past" title={t('trips.past')} trips={data.past} />
        </>
      )}
    </section>
  );
}

function TripGroup({ id, title, trips }: { id: string; title: string; trips: Trip[] }) {
  if (trips.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="trip-list">
        {trips.map((trip) => (
          <li key={trip.id}>
            <TripCard trip={trip} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TripCard({ trip, headingLevel }: { trip: Trip; headingLevel: 2 | 3 }) {
  const t = useT();
  const dates = useDateStyle();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="trip-card" aria-labelledby={`trip-${trip.id}`} data-testid="trip">
      {trip.image ? <img src={trip.image} alt="" width={600} height={360} loading="lazy" /> : null}
      <div className="trip-body">
        <Heading id={`trip-${trip.id}`}>{headingLevel === 3 ? <Link to={tripHref(trip.id)}>{trip.name}</Link> : trip.name}</Heading>
        <p className="muted">
          {dateRange(trip.startsOn, trip.endsOn, dates, t)}
          {trip.city ? ` · ${trip.city}` : ''}
          {trip.role !== 'owner' ? ` · ${t(`trips.role.${trip.role}`)}` : ''}
        </p>
        <TripItems trip={trip} />
      </div>
    </article>
  );
}

function TripItems({ trip }: { trip: Trip }) {
  const t = useT();
  const dates = useDateStyle();
  const productName = useProductName();
  if (trip.items.length === 0) return <p>{t('trips.noItems')}</p>;
  return (
    <>
      <ul className="trip-items" aria-label={t('trips.items')}>
        {trip.items.map((item) => (
          <li key={item.id} className="trip-item" data-testid="trip-item" data-booked={item.booked || undefined}>
            {item.image ? <img className="trip-item-image" src={item.image} alt="" width={96} height={64} loading="lazy" /> : null}
            <span className="trip-item-product">{productName(item.product)}</span>
            <span className="trip-item-name">{item.name ?? productName(item.product)}</span>
            <span className="muted">
              {dateRange(item.startsOn, item.endsOn, dates, t)}
              {item.startTime ? ` · ${t('trips.time', { time: item.startTime })}` : ''}
            </span>
            <span className="trip-item-state">
              <span className={`status ${item.booked ? 'status-active' : 'status-planned'}`}>{item.booked ? t('trips.booked') : t('trips.planned')}</span>
              {item.bookingReference ? <span className="muted"> {t('trips.reference', { reference: item.bookingReference })}</span> : null}
              {item.amountText ? <span className="trip-item-amount"> {item.amountText}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {trip.totals.length > 0 ? (
        <p className="trip-totals">
          {t('trips.total')} <strong>{trip.totals.join(' + ')}</strong>
        </p>
      ) : null}
    </>
  );
}

function OpenTrip({ trip }: { trip: Trip }) {
  const t = useT();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <p className="trip-actions">
        <Link to="/user/my-trips">{t('trips.back')}</Link>
        <a className="button button-ghost" href={`/user/my-trips/ics?trip_id=${encodeURIComponent(trip.id)}`} download>
          {t('trips.calendar')}
        </a>
        {trip.role === 'owner' ? (
          <button type="button" className="button button-ghost" onClick={() => setInviting(true)} aria-haspopup="dialog">
            {t('tripInvite.button')}
          </button>
        ) : null}
      </p>
      {inviting ? <TripInviteDialog tripId={trip.id} tripName={trip.name} onClose={() => setInviting(false)} /> : null}
      {trip.role === 'viewer' ? <p className="notice notice-info">{t('trips.viewerNote')}</p> : null}
      <TripCard trip={trip} headingLevel={2} />
    </>
  );
}

import { roomTypeName } from '~/domain/room-types';
import type { SerializeFrom } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useShell, useT } from '~/components/shell-context';
import { type DateStyle, useDateStyle } from '~/components/dates';
import { formatCalendarDay, formatWallClock } from '~/domain/date-format';
import type { MessageKey } from '~/i18n';
import { useMessages } from '~/i18n/messages-context';
import type { BookingSuccessData } from '~/services/booking/bookings.server';
import { PaymentParts } from './payment-parts';
import { dateTimeFormat } from '~/domain/intl-format';

type Data = SerializeFrom<BookingSuccessData>;
type Booking = Data['booking'];
type T = ReturnType<typeof useT>;

/** The product's display name when the dictionaries have one (product codes are open-ended in the data). */
export function useProductName() {
  const messages = useMessages();
  const t = useT();
  return (product: string) => {
    const key = `product.${product}`;
    return isMessageKey(messages, key) ? t(key) : product;
  };
}

function isMessageKey(messages: Record<MessageKey, string>, key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** 'YYYY-MM-DD' days (held instants carry the local wall-clock time as UTC: see formatWallClock). */
export function dateRange(startsOn: string, endsOn: string | null, style: DateStyle, t: T): string {
  return endsOn && endsOn !== startsOn
    ? t('success.dateRange', { from: formatCalendarDay(startsOn, style), to: formatCalendarDay(endsOn, style) })
    : formatCalendarDay(startsOn, style);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** When a voucher lapses, on the organisation's clock with its time zone named (decision 0039). */
function formatDeadline(value: string, language: string, timeZone: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : dateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(date);
}

function StatusNotice({ notice }: { notice: Booking['notice'] }) {
  const t = useT();
  const { locale, org } = useShell();
  const base =
    notice.kind === 'pending_oxxo'
      ? notice.voucher
        ? t('success.notice.pending_oxxo', { voucher: notice.voucher })
        : t('success.notice.pending_oxxo_unknown')
      : t(`success.notice.${notice.kind}` satisfies MessageKey);
  // An OXXO voucher lapses: say until when it can be paid (docs/decisions/0018).
  const text =
    notice.kind === 'pending_oxxo' && notice.expiresAt
      ? `${base} ${t('success.notice.oxxo_expires', { when: formatDeadline(notice.expiresAt, locale.language, org.timeZone) })}`
      : base;
  const tone = notice.kind === 'cancelled' ? 'notice-warning' : notice.kind.startsWith('pending') ? 'notice-info' : 'notice-success';
  return <p className={`notice ${tone}`}>{text}</p>;
}

function ItemFacts({ booking }: { booking: Booking }) {
  const t = useT();
  const dates = useDateStyle();
  const item = booking.item;
  if (!item) return <p>{t('success.itemUnknown')}</p>;
  switch (item.kind) {
    case 'hotel':
      return (
        <>
          <Fact label={t(item.holidayHome ? 'success.home' : 'success.hotel')}>
            {item.hotel} <span className="muted">({t('success.stars', { stars: item.stars })})</span>
          </Fact>
          <Fact label={t(item.holidayHome ? 'success.unit' : 'success.room')}>{roomTypeName({ code: item.roomCode, name: item.room }, t)}</Fact>
          <Fact label={t('success.destination')}>{item.destination}</Fact>
          <Fact label={t('success.address')}>{item.address}</Fact>
        </>
      );
    case 'flight':
      return (
        <>
          <Fact label={t('success.flight')}>
            <ul className="booking-segments">
              {item.segments.map((s) => (
                <li key={s.flight}>{t('success.segment', s)}</li>
              ))}
            </ul>
          </Fact>
          <Fact label={t('success.cabin')}>
            {item.cabin === 'economy' || item.cabin === 'premium_economy' || item.cabin === 'business' ? t(`success.cabin.${item.cabin}`) : item.cabin}
          </Fact>
        </>
      );
    case 'car':
      return (
        <>
          <Fact label={t('success.car')}>
            {item.carType} <span className="muted">({item.carFamily})</span>
          </Fact>
          <Fact label={t('success.company')}>{item.company}</Fact>
          <Fact label={t('success.pickup')}>{item.pickup}</Fact>
          {item.pickupAt ? <Fact label={t('success.pickupAt')}>{formatWallClock(item.pickupAt, dates)}</Fact> : null}
          {item.dropoffAt ? <Fact label={t('success.dropoffAt')}>{formatWallClock(item.dropoffAt, dates)}</Fact> : null}
          <Fact label={t('success.transmission')}>
            {item.transmission === 'automatic' || item.transmission === 'manual' ? t(`success.transmission.${item.transmission}`) : item.transmission}
          </Fact>
        </>
      );
    case 'offer':
      return (
        <>
          <Fact label={t('success.offer')}>{item.offer}</Fact>
          <Fact label={t('success.option')}>{item.option}</Fact>
          {item.startsAt ? <Fact label={t('success.startsAt')}>{formatWallClock(item.startsAt, dates)}</Fact> : null}
          {item.details.map((d) => (
            <Fact key={d.key} label={t(`success.detail.${d.key}` satisfies MessageKey)}>
              {d.value}
            </Fact>
          ))}
        </>
      );
    case 'week':
      return (
        <>
          <Fact label={t('success.resort')}>{item.resort}</Fact>
          <Fact label={t('success.unit')}>{roomTypeName({ code: item.unitCode, name: item.unit }, t)}</Fact>
          <Fact label={t('success.address')}>{item.address}</Fact>
        </>
      );
  }
}

/** The checkout-success page of every product (spec §2 routes; issue 4 "After booking"). */
export function BookingSuccessPage() {
  const { booking, access, profilePath } = useLoaderData<BookingSuccessData>();
  const t = useT();
  const dates = useDateStyle();
  const productName = useProductName();
  const { pathname, search } = useLocation();
  const signIn = new URLSearchParams(search);
  signIn.set('login', 'true');
  const paid = booking.status === 'confirmed' && booking.paymentMethod !== 'invoice';
  return (
    <article className="booking-success" aria-labelledby="success-title">
      <header className="booking-success-header">
        <h1 id="success-title">{t(`success.title.${booking.status}` satisfies MessageKey)}</h1>
        <p className="booking-reference">
          <span>{t('success.reference')}</span> <strong data-testid="booking-reference">{booking.reference}</strong>
        </p>
        <p className="muted">{t('success.referenceHint')}</p>
        <StatusNotice notice={booking.notice} />
      </header>

      <section aria-labelledby="booked-title" className="booking-section">
        <h2 id="booked-title">{t('success.booked')}</h2>
        <dl className="profile-facts">
          <Fact label={t('success.product')}>{productName(booking.product)}</Fact>
          <Fact label={t('success.status')}>
            <span className={`status status-booking-${booking.status}`}>{t(`success.status.${booking.status}` satisfies MessageKey)}</span>
          </Fact>
          <ItemFacts booking={booking} />
          <Fact label={t(booking.endsOn && booking.endsOn !== booking.startsOn ? 'success.dates' : 'success.date')}>{dateRange(booking.startsOn, booking.endsOn, dates, t)}</Fact>
          {booking.party.length > 0 ? (
            <Fact label={t('success.party')}>{booking.party.map((p) => t(`success.party.${p.kind}` satisfies MessageKey, { count: p.count })).join(' · ')}</Fact>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="traveller-title" className="booking-section">
        <h2 id="traveller-title">{t('success.traveller')}</h2>
        <dl className="profile-facts">
          <Fact label={t('success.name')}>{booking.traveller.name}</Fact>
          {booking.traveller.email ? <Fact label={t('success.email')}>{booking.traveller.email}</Fact> : null}
          {booking.traveller.phone ? <Fact label={t('success.phone')}>{booking.traveller.phone}</Fact> : null}
        </dl>
        {access === 'public' ? <p className="muted">{t('success.guestPrivacy')}</p> : null}
      </section>

      <section aria-labelledby="payment-title" className="booking-section">
        <h2 id="payment-title">{t('success.payment')}</h2>
        <dl className="profile-facts">
          <Fact label={t(paid ? 'success.amount' : 'success.amountDue')}>{booking.amount ? booking.amount.text : t('success.amountUnknown')}</Fact>
          <Fact label={t('success.method')}>{booking.paymentMethod ? t(`success.method.${booking.paymentMethod}` satisfies MessageKey) : t('success.method.none')}</Fact>
          {booking.paymentReference ? <Fact label={t('success.paymentReference')}>{booking.paymentReference}</Fact> : null}
          {booking.payment.length > 0 ? (
            <Fact label={t('payment.parts')}>
              <PaymentParts lines={booking.payment} />
            </Fact>
          ) : null}
        </dl>
      </section>

      <nav className="booking-success-links" aria-label={t('success.myBookings')}>
        {profilePath ? (
          <>
            <Link className="button button-primary" to={`${profilePath}#my-bookings`}>
              {t('success.myBookings')}
            </Link>
            <Link className="button button-ghost" to={profilePath}>
              {t('success.myProfile')}
            </Link>
          </>
        ) : (
          <>
            <Link className="button button-primary" to={`${pathname}?${signIn.toString()}`}>
              {t('success.signInForBookings')}
            </Link>
            <Link className="button button-ghost" to="/">
              {t('success.home.link')}
            </Link>
          </>
        )}
      </nav>
    </article>
  );
}

import { formatCalendarDay } from '~/domain/date-format';
import { formatMoney } from '~/domain/money';
import type { LanguageCode } from '~/domain/reference-data';
import { format, messagesFor } from '~/i18n';
import { renderBookingEmail } from './booking-email-template.server';
import { bookingForEmail } from './bookings.server';
import { getOrgById, publicOriginOf } from '../config/config.server';
import type { Database } from '../platform/db.server';
import type { BookingSubscriber } from './booking-subscriber';
import { queueEmail } from '../platform/mail.server';

export type FinalStatus = 'confirmed' | 'cancelled' | 'failed';

/**
 * Queues the e-mail of a booking that reached a final status (docs/decisions/0033), from the
 * organisation's template. Called on the booking's move (bookingEmail) with its transaction: the e-mail is queued
 * exactly when the move commits. Sent to the booking's contact e-mail (a guest's too) and, when a
 * member booked for someone else, to the member as well, in the language the booker prefers if
 * the organisation offers it, else the organisation's own.
 */
export async function queueBookingEmail(bookingId: string, status: FinalStatus, db: Database): Promise<void> {
  const booking = await bookingForEmail(bookingId, db);
  const org = booking ? getOrgById(booking.orgId) : undefined;
  if (!booking || !org) return;
  const user = booking.userId ? await db.selectFrom('users').select(['preferred_language', 'role', 'email']).where('id', '=', booking.userId).executeTakeFirst() : undefined;
  const preferred = user?.preferred_language;
  const templates = org.booking.emails[status];
  const language = (preferred && templates[preferred] ? preferred : org.locale.defaultLanguage) as LanguageCode;
  const template = templates[language];
  if (!template) return;
  const messages = messagesFor(language, org.copy?.[language]);
  const say = (key: string) => (messages as Record<string, string>)[key] ?? key;
  const day = (value: string) => formatCalendarDay(value, { language, dateFormat: null });
  const dates =
    booking.endsOn && booking.endsOn !== booking.startsOn
      ? format(say('success.dateRange'), { from: day(booking.startsOn), to: day(booking.endsOn) }, language)
      : day(booking.startsOn);
  const values = {
    orgName: org.name,
    firstName: booking.firstName,
    bookingId: booking.reference,
    status: say(`success.status.${status}`),
    amount: booking.amount ? formatMoney(booking.amount, booking.amount.minorDigits, language) : '—',
    itinerary: [{ product: say(`product.${booking.product}`), name: booking.itemNameIn(language) ?? booking.reference, dates }],
    myBookingsLink: `${publicOriginOf(org)}${user?.role === 'agent' ? '/agent/profile' : '/user/profile'}#my-bookings`,
    supportEmail: org.support.email,
  };
  const mail = renderBookingEmail(template, values, { color: org.theme.colors.primary, onColor: org.theme.colors.onPrimary });
  await queueEmail({ orgId: org.orgId, to: booking.email, ...mail }, db);
  if (user && user.email.toLowerCase() !== booking.email.toLowerCase()) await queueEmail({ orgId: org.orgId, to: user.email, ...mail }, db);
}

/** A booking that reaches a final status has its e-mail queued in the same transaction: no final status without its e-mail, nor the reverse. */
export const bookingEmail: BookingSubscriber = {
  name: 'booking e-mail',
  async onMove({ bookingId, to }, trx) {
    if (to === 'confirmed' || to === 'cancelled' || to === 'failed') await queueBookingEmail(bookingId, to, trx);
  },
};

import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { DetailsHeader, DetailsShell } from '~/components/search/page-shell';
import { roomTypeName } from '~/domain/room-types';
import { useShell, useT } from '~/components/shell-context';
import type { loadWeeksDetails } from '~/products/weeks/weeks-pages.server';
import { WeeksPriceBreakdown } from './weeks-price';
import { formatWeekDay } from '~/components/dates';
import { Stars } from '~/components/stars';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { weeksTripCandidate } from '~/domain/add-to-trip';

/** /{product}/details: the resort, its reviews, and each unit type's week for the requested check-in. */
export function WeeksDetailsView({ page }: { page: SerializeFrom<typeof loadWeeksDetails> }) {
  const { resort, units, reviews, backTo, path } = page;
  const t = useT();
  const { locale } = useShell();
  return (
    <DetailsShell titleId="resort-title" back={backTo}>
      <DetailsHeader image={resort.image} titleId="resort-title" title={resort.name}>
        <p className="muted">
          <Stars count={resort.stars} /> · {resort.address}
        </p>
        <p>{t('weeks.results.review', { score: resort.reviewScore.toFixed(1) })}</p>
        <p>{resort.description}</p>
        <AddToTrip product={page.product} candidate={weeksTripCandidate(page)} />
      </DetailsHeader>
      <section aria-labelledby="units-title">
        <h2 id="units-title">{t('weeks.details.units')}</h2>
        <ul className="room-list">
          {units.map((unit) => {
            const reserve = new URLSearchParams({
              resort_id: String(resort.resortId),
              inventory_id: String(unit.inventoryId),
              check_in_date: unit.checkIn,
              check_out_date: unit.checkOut,
            });
            return (
              <li key={unit.inventoryId} className="room-card">
                <h3>{roomTypeName(unit, t)}</h3>
                <p className="muted">
                  {t('details.sleeps', { count: unit.sleeps })} · {t('details.available', { count: unit.available })}
                </p>
                <p className="week-dates">
                  {formatWeekDay(unit.checkIn, locale.language)} – {formatWeekDay(unit.checkOut, locale.language)} ·{' '}
                  {t('weeks.price.weeks', { weeks: unit.weeks, nights: unit.nights })}
                </p>
                <WeeksPriceBreakdown price={unit} heading={false} />
                {unit.available > 0 ? (
                  <Link className="button button-primary" to={`${path}/checkout?${reserve.toString()}`} aria-label={`${t('weeks.details.reserve')}: ${roomTypeName(unit, t)}`}>
                    {t('weeks.details.reserve')}
                  </Link>
                ) : (
                  <p>{t('results.soldOut')}</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="reviews-title" className="weeks-reviews">
        <h2 id="reviews-title">{t('weeks.details.reviews')}</h2>
        {reviews.items.length === 0 ? (
          <p>{t('weeks.details.noReviews')}</p>
        ) : (
          <>
            <p className="muted">{t('weeks.details.reviewsCount', { count: reviews.total, score: resort.reviewScore.toFixed(1) })}</p>
            <ul className="review-list">
              {reviews.items.map((review) => (
                <li key={review.id}>
                  <h3>{review.title}</h3>
                  <p className="muted">
                    {review.author} · {t('weeks.details.rating', { rating: review.rating, month: review.stay_month })}
                  </p>
                  <p>{review.body}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </DetailsShell>
  );
}

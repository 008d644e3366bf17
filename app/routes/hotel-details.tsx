import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { flowCopy } from '~/components/hotels/flow-copy';
import { PriceBreakdown } from '~/components/hotels/price-breakdown';
import { useT } from '~/components/shell-context';
import { hotelSearchParams } from '~/domain/hotel-query';
import { loadHotelDetails } from '~/services/hotel-pages.server';
import { Stars } from '~/components/stars';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadHotelDetails(context, new URL(request.url)));
}

export default function HotelDetails() {
  const { hotel, search, flow } = useLoaderData<typeof loader>();
  const t = useT();
  const params = hotelSearchParams(search);
  return (
    <article className="details-page" aria-labelledby="hotel-title">
      <p>
        <Link to={`${flow.base}/search-detail?${params.toString()}`}>{t('details.backToResults')}</Link>
      </p>
      <header className="details-header">
        <img src={hotel.image} alt="" width={400} height={240} />
        <div>
          <h1 id="hotel-title">{hotel.name}</h1>
          <p className="muted">
            <Stars count={hotel.stars} /> · {hotel.address}
          </p>
          <p>{t('results.rating', { rating: hotel.guestRating.toFixed(1) })}</p>
          <p>{hotel.description}</p>
        </div>
      </header>
      <section aria-labelledby="rooms-title">
        <h2 id="rooms-title">{t(flowCopy[flow.propertyType].detailsUnits)}</h2>
        <ul className="room-list">
          {hotel.rooms.map((room) => {
            const bookable = room.fits && room.available >= search.rooms;
            return (
              <li key={room.roomTypeId} className="room-card">
                <h3>{room.name}</h3>
                <p className="muted">
                  {t('details.sleeps', { count: room.maxGuests })} · {room.refundable ? t('details.refundable') : t('details.nonRefundable')} ·{' '}
                  {t('details.available', { count: room.available })}
                </p>
                <PriceBreakdown price={room.price} heading={false} />
                {bookable ? (
                  <Form method="post" action={`${flow.base}/hotel-checkout`}>
                    {[...params.entries()].map(([name, value]) => (
                      <input key={name} type="hidden" name={name} value={value} />
                    ))}
                    <input type="hidden" name="roomTypeId" value={room.roomTypeId} />
                    <button type="submit" className="button button-primary" aria-label={`${t('details.reserve')}: ${room.name}`}>
                      {t('details.reserve')}
                    </button>
                  </Form>
                ) : (
                  <p>{room.fits ? t('results.soldOut') : t('details.tooSmall', { count: search.guests })}</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.hotel.name ?? 'Hotel' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { roomTypeName } from '~/domain/room-types';
import { DetailsHeader, DetailsShell } from '~/components/search/page-shell';
import { useT } from '~/components/shell-context';
import { Stars } from '~/components/stars';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { hotelTripCandidate } from '~/domain/add-to-trip';
import { hotelSearchParams } from '~/domain/hotel-query';
import type { loadHotelDetails } from '~/products/hotel/hotel-pages.server';
import { flowCopy } from './flow-copy';
import { PriceBreakdown } from './price-breakdown';
import { PropertyAmenities, PropertyCheckIn, PropertyPoliciesList } from './property-facts';
import { PropertyGallery } from './property-gallery';
import { PropertyMap } from './property-map';

/**
 * /hotel-details (and under /holidaystays): the hotel with its photos, then each room with its
 * price and Reserve, then what it offers, its rules, how to check in and where it is.
 */
export function HotelDetailsView({ page }: { page: SerializeFrom<typeof loadHotelDetails> }) {
  const { hotel, search, flow, content, map } = page;
  const t = useT();
  const params = hotelSearchParams(search);
  return (
    <DetailsShell titleId="hotel-title" back={`${flow.base}/search-detail?${params.toString()}`}>
      <DetailsHeader
        image={content && content.images.length > 0 ? <PropertyGallery slug={hotel.slug} name={hotel.name} images={content.images} /> : hotel.image}
        titleId="hotel-title"
        title={hotel.name}
      >
        <p className="muted">
          <Stars count={hotel.stars} /> · {hotel.address}
        </p>
        <p>{t('results.rating', { rating: hotel.guestRating.toFixed(1) })}</p>
        <p>{hotel.description}</p>
        <AddToTrip product="HLT" candidate={hotelTripCandidate(page)} />
      </DetailsHeader>
      <section aria-labelledby="rooms-title">
        <h2 id="rooms-title">{t(flowCopy[flow.propertyType].detailsUnits)}</h2>
        <ul className="room-list">
          {hotel.rooms.map((room) => {
            const bookable = room.fits && room.available >= search.rooms;
            return (
              <li key={room.roomTypeId} className="room-card">
                <h3>{roomTypeName(room, t)}</h3>
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
                    <button type="submit" className="button button-primary" aria-label={`${t('details.reserve')}: ${roomTypeName(room, t)}`}>
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
      {content ? (
        <div className="property-facts">
          <PropertyAmenities amenities={content.amenities} />
          <PropertyPoliciesList policies={content.policies} rooms={hotel.rooms} />
          <PropertyCheckIn instructions={content.checkInInstructions} policies={content.policies} />
        </div>
      ) : null}
      {map ? <PropertyMap map={map} /> : null}
    </DetailsShell>
  );
}

import type { SerializeFrom } from '@remix-run/node';
import { roomTypeName } from '~/domain/room-types';
import { MembersPay } from '~/components/member-price';
import { ResultCard, ResultsShell, SearchOnlyShell, StarsFilter } from '~/components/search/page-shell';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { useT } from '~/components/shell-context';
import { Stars } from '~/components/stars';
import { hotelSearchParams } from '~/domain/hotel-query';
import type { loadHotelResults } from '~/products/hotel/hotel-pages.server';
import { flowCopy } from './flow-copy';
import { HotelSearchForm } from './hotel-search-form';

/** /search-detail and /holidaystays/search-detail: the hotel flow's search, then its hotels (or holiday homes). */
export function HotelResultsView({ page: data }: { page: SerializeFrom<typeof loadHotelResults> }) {
  const t = useT();
  const { search, flow } = data;
  const copy = flowCopy[flow.propertyType];
  if (!search) {
    return (
      <SearchOnlyShell>
        <HotelSearchForm destinations={data.destinations} values={data.values} errors={data.errors} headingLevel={1} packageRate={'packageRate' in data.values} flow={flow} />
      </SearchOnlyShell>
    );
  }
  const nights = Math.round((Date.parse(search.checkout) - Date.parse(search.checkin)) / 86_400_000);
  const available = data.results.filter((r) => r.price);
  const base = hotelSearchParams(search);
  return (
    <ResultsShell
      title={t(search.packageRate ? 'results.titlePackages' : copy.resultsTitle, { destination: data.destination?.name ?? search.destination })}
      searchForm={<HotelSearchForm destinations={data.destinations} values={search} packageRate={search.packageRate} flow={flow} />}
      searchParams={base}
      filters={
        <>
          <StarsFilter checked={data.stars} />
          <ResultsSortAndApply
            id="results-sort"
            value={data.sort}
            options={[
              { value: 'price', label: t('results.sort.price') },
              { value: 'stars', label: t('results.sort.stars') },
              { value: 'rating', label: t('results.sort.rating') },
            ]}
          />
        </>
      }
      countId="results-count"
      count={t(copy.resultsCount, { count: available.length, nights })}
      empty={available.length === 0 ? t(copy.resultsNone) : null}
    >
      {data.results.map((hotel) => {
        const link = new URLSearchParams(base);
        link.set('hotel', hotel.slug);
        return (
          <ResultCard
            key={hotel.slug}
            image={hotel.image}
            body={
              <>
                <h3>{hotel.name}</h3>
                <p className="muted">
                  <Stars count={hotel.stars} /> · {hotel.address}
                </p>
                <p>{t('results.rating', { rating: hotel.guestRating.toFixed(1) })}</p>
              </>
            }
            price={
              hotel.price ? (
                <>
                  {hotel.price.priceType === 'PKG' ? <p className="badge badge-demo">{t('price.packageRate')}</p> : null}
                  {hotel.price.memberSavings ? <p className="badge badge-demo">{t('price.memberPrice')}</p> : null}
                  <p className="price-main">{t('results.from', { price: hotel.price.total.text })}</p>
                  <p className="muted">
                    {hotel.room ? roomTypeName(hotel.room, t) : null} · {t('results.perNight', { price: hotel.price.perNight.text })}
                  </p>
                  {hotel.price.membersPay ? <MembersPay price={hotel.price.membersPay.text} /> : null}
                  <a className="button button-primary" href={`${flow.base}/hotel-details?${link.toString()}`} aria-label={t(copy.resultsView, { hotel: hotel.name })}>
                    {t('details.rooms')}
                  </a>
                </>
              ) : (
                <p>{t('results.soldOut')}</p>
              )
            }
          />
        );
      })}
    </ResultsShell>
  );
}

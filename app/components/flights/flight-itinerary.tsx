import { PriceLines } from '~/components/price-lines';
import { useWeekdayDay } from '~/components/dates';
import { useT } from '~/components/shell-context';
import type { TripType } from '~/domain/flight-query';
import { clockText, durationText } from '~/domain/flight-schedule';
import type { FlightPriceView } from '~/products/flight/flight-pages.server';
import type { FareBrand, FlightLegOffer } from '~/services/suppliers/flights.server';

/** "Outbound" / "Return" for round trips, "Flight n" otherwise. */
export function useLegLabel(tripType: TripType) {
  const t = useT();
  return (index: number) => (tripType === 'roundtrip' ? t(index === 0 ? 'flight.leg.outbound' : 'flight.leg.return') : t('flight.leg.n', { n: index + 1 }));
}

/** One leg on a results card: times, airports, duration, stops and flight numbers. */
export function LegSummary({ leg, label }: { leg: FlightLegOffer; label: string }) {
  const t = useT();
  const day = useWeekdayDay();
  const first = leg.segments[0]!;
  const last = leg.segments[leg.segments.length - 1]!;
  const via = leg.segments
    .slice(1)
    .map((s) => s.origin)
    .join(', ');
  return (
    <div className="flight-leg">
      <p className="muted">
        {label} · {day(first.departsLocal.date)}
      </p>
      <p className="flight-times">
        <strong>{clockText(first.departsLocal.minutes)}</strong> {leg.from} → <strong>{clockText(last.arrivesLocal.minutes)}</strong>
        {last.arrivesLocal.date !== first.departsLocal.date ? ` (${day(last.arrivesLocal.date)})` : ''} {leg.to}
      </p>
      <p className="muted">
        {durationText(leg.durationMinutes)} · {leg.stops === 0 ? t('flight.stops.none') : t('flight.stops.via', { via })} · {leg.segments.map((s) => s.flightNumber).join(', ')}
      </p>
    </div>
  );
}

/** One leg in full: each flight with its times, duration and aircraft, and the connections. */
export function LegDetails({ leg, label, headingLevel = 3 }: { leg: FlightLegOffer; label: string; headingLevel?: 2 | 3 }) {
  const t = useT();
  const day = useWeekdayDay();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="flight-leg-details" aria-label={`${label}: ${leg.from} → ${leg.to}`}>
      <Heading>
        {label}: {leg.from} → {leg.to} · {day(leg.segments[0]!.departsLocal.date)}
      </Heading>
      <p className="muted">
        {t('flight.details.duration', { duration: durationText(leg.durationMinutes) })} ·{' '}
        {leg.stops === 0
          ? t('flight.stops.none')
          : t('flight.stops.via', {
              via: leg.segments
                .slice(1)
                .map((s) => s.origin)
                .join(', '),
            })}
      </p>
      <ol className="flight-segments">
        {leg.segments.map((s, i) => {
          const previous = leg.segments[i - 1];
          const wait = previous ? Math.round((Date.parse(s.departsAt) - Date.parse(previous.arrivesAt)) / 60_000) : 0;
          return (
            <li key={`${s.flightId}@${s.departsAt}`}>
              {previous ? <p className="flight-connection">{t('flight.details.changePlanes', { airport: s.origin, duration: durationText(wait) })}</p> : null}
              <p>
                <strong>{clockText(s.departsLocal.minutes)}</strong> {s.origin} ({day(s.departsLocal.date)}) → <strong>{clockText(s.arrivesLocal.minutes)}</strong> {s.destination}{' '}
                ({day(s.arrivesLocal.date)})
              </p>
              <p className="muted">
                {t('flight.details.segment', { flight: s.flightNumber, airline: s.airlineName, aircraft: s.aircraft })} · {durationText(s.durationMinutes)}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A fare's price per passenger type, taxes and total. */
export function FlightPriceBreakdown({ price, heading = true }: { price: FlightPriceView; heading?: boolean }) {
  return <PriceLines heading={heading} breakdown={price.breakdown} />;
}

/** What a branded fare includes. */
export function FareConditions({ brand }: { brand: Omit<FareBrand, 'factorBp'> }) {
  const t = useT();
  return (
    <ul className="fare-conditions">
      <li>{t('flight.details.carryOn', { count: brand.carryOnBags })}</li>
      <li>{t('flight.details.checkedBags', { count: brand.checkedBags })}</li>
      <li>{t(`flight.details.changes.${brand.changes}`)}</li>
      <li>{brand.refundable ? t('flight.details.refundable') : t('flight.details.nonRefundable')}</li>
      <li>{brand.seatChoice ? t('flight.details.seatChoice') : t('flight.details.noSeatChoice')}</li>
    </ul>
  );
}

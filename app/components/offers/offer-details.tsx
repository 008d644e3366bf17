import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { DetailsHeader, DetailsShell } from '~/components/search/page-shell';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { offerTripCandidate } from '~/domain/add-to-trip';
import { useShell, useT } from '~/components/shell-context';
import { TRANSFER_SELECTIONS_KEY, type TransferSelection, readTransferSelection } from '~/domain/transfer-selections';
import type { loadOfferDetails } from '~/products/offer/offer-pages.server';
import { OfferFacts } from './offer-facts';
import { OfferPrice } from './offer-price';
import { formatOfferDay } from './offer-search-form';

/** Transfers only: the vehicle picked last in this visit (see transfer-selections.ts). */
function useTransferPick(enabled: boolean) {
  const [pick, setPick] = useState<TransferSelection | null>(null);
  useEffect(() => {
    if (!enabled) return;
    // After this commit's effects: the route behaviour (a parent, so its effect runs later)
    // may clear the stored pick first when this page was entered afresh.
    queueMicrotask(() => setPick(readTransferSelection(window.localStorage.getItem(TRANSFER_SELECTIONS_KEY))));
  }, [enabled]);
  const remember = (selection: TransferSelection) => {
    if (enabled) window.localStorage.setItem(TRANSFER_SELECTIONS_KEY, JSON.stringify(selection));
  };
  return { pick, remember };
}

/** /{product}/details: the offer, then each option with its price and its slots to reserve. */
export function OfferDetailsView({ page }: { page: SerializeFrom<typeof loadOfferDetails> }) {
  const { offer, search, params, segment } = page;
  const t = useT();
  const { locale } = useShell();
  const transfers = useTransferPick(segment === 'transfers');
  const hidden = [...new URLSearchParams(params).entries()];
  return (
    <DetailsShell className="offer-details" titleId="offer-title" back={`/${segment}/search-details?${params}`}>
      <DetailsHeader image={offer.image} titleId="offer-title" title={offer.name}>
        <OfferFacts facts={offer.facts} />
        <p>{t('results.rating', { rating: offer.guestRating.toFixed(1) })}</p>
        <p>{offer.description}</p>
        <AddToTrip product={page.product} candidate={offerTripCandidate(page)} />
      </DetailsHeader>
      <section aria-labelledby="options-title">
        <h2 id="options-title">{t(`offers.details.options.${segment}`)}</h2>
        <ul className="room-list">
          {offer.options.map((option) => {
            const picked = transfers.pick?.offer === offer.slug && transfers.pick.option === option.code;
            return (
              <li key={option.code} className="room-card">
                <h3>{option.name}</h3>
                {picked ? <p className="offer-picked">{t('offers.details.lastChoice')}</p> : null}
                <p className="muted">
                  {t(`offers.details.capacity.${segment}`, { count: option.unitCapacity, bags: option.bagCapacity ?? 0 })} ·{' '}
                  {t('offers.details.duration', { hours: Math.floor(option.durationMinutes / 60), minutes: option.durationMinutes % 60 })} ·{' '}
                  {option.refundable ? t('details.refundable') : t('details.nonRefundable')}
                </p>
                <p>{option.description}</p>
                <OfferPrice price={option.price} heading={false} />
                {!option.fits ? (
                  <p>{t('offers.details.tooSmall')}</p>
                ) : option.slots.length === 0 ? (
                  <p>{t('offers.details.noSlots')}</p>
                ) : (
                  <ul className="offer-slots" aria-label={t('offers.details.slots', { option: option.name })}>
                    {option.slots.map((slot) => {
                      const when = segment === 'cruises' ? formatOfferDay(slot.day, locale.language) : slot.time;
                      const label = t('offers.details.reserve', { option: option.name, day: formatOfferDay(slot.day, locale.language), time: slot.time });
                      return (
                        <li key={`${slot.day}-${slot.time}`}>
                          {slot.bookable ? (
                            <Form
                              method="post"
                              action={`/${segment}/checkout`}
                              onSubmit={() =>
                                transfers.remember({
                                  offer: offer.slug,
                                  option: option.code,
                                  trf_transfers_name: offer.name,
                                  date: slot.day,
                                  time: slot.time,
                                  return_date: search.returnDate,
                                })
                              }
                            >
                              {hidden.map(([name, value]) => (
                                <input key={name} type="hidden" name={name} value={value} />
                              ))}
                              <input type="hidden" name="offer" value={offer.slug} />
                              <input type="hidden" name="option" value={option.code} />
                              <input type="hidden" name="day" value={slot.day} />
                              <input type="hidden" name="time" value={slot.time} />
                              <button type="submit" className="button button-primary" aria-label={label}>
                                {when} · {t('details.reserve')}
                              </button>
                            </Form>
                          ) : (
                            <p>
                              {when} · {t('offers.details.full')}
                            </p>
                          )}
                          {slot.bookable ? <p className="muted">{t('details.available', { count: slot.available })}</p> : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </DetailsShell>
  );
}

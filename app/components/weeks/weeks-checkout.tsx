import { Link, useRevalidator } from '@remix-run/react';
import Cookies from 'js-cookie';
import { useEffect, useReducer, useRef } from 'react';
import { useT } from '~/components/shell-context';
import { holdReleasePayload } from '~/domain/hold-cleanup';
import { type PrepareState, callDue, initialPrepareState, prepareReducer, sendsUuid, soldOut } from '~/domain/prepare-checkout';
import { roomTypeName } from '~/domain/room-types';
import { WeeksPriceBreakdown } from './weeks-price';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { useOrgTime, useWeekdayDay } from '~/components/dates';
import { MinCheckinDialog } from '~/components/checkout/guard-dialogs';
import type { CheckoutPageOf, CheckoutViewProps } from '~/checkout/views';
import { CheckoutPage } from '~/checkout/checkout-layout';

type Data = CheckoutPageOf<'RST' | 'STY'>;
type Hold = { token: string; expiresAt: string };

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One prepareBookWeeks call; the outcome as the state machine's event. */
async function prepare(data: Data, withUuid: boolean) {
  try {
    const response = await fetch('/api/weeks/prepareBookWeeks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        ...data.request,
        residency: 'US',
        search_type: 'country',
        category: data.kind,
        mainPath: window.location.pathname,
        ...(withUuid ? { uuid: uuid() } : {}),
      }),
    });
    const body: unknown = await response.json().catch(() => null);
    const held = typeof body === 'object' && body !== null && 'data' in body ? (body.data as { reservation_token?: unknown; expires_at?: unknown } | null) : null;
    if (response.ok && held && typeof held.reservation_token === 'string' && typeof held.expires_at === 'string') {
      return { type: 'success' as const, hold: { token: held.reservation_token, expiresAt: held.expires_at } };
    }
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : response.statusText;
    return { type: 'failure' as const, failure: { status: response.status, message } };
  } catch (error) {
    return { type: 'failure' as const, failure: { status: 0, message: error instanceof Error ? error.message : 'network error' } };
  }
}

/** A hold left over from an earlier checkout is given back before a new one is made. */
async function releaseLeftover() {
  const leftover = Cookies.get('holdTok');
  if (!leftover) return;
  Cookies.remove('holdTok', { path: '/' });
  await fetch('/api/weeks/release', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(holdReleasePayload(leftover, window.location.pathname)),
  }).catch(() => undefined);
}

/**
 * /{product}/checkout: prepare-to-checkout runs in the browser (spec §4). The week is held
 * through POST /api/weeks/prepareBookWeeks; the hold token goes into the holdTok cookie, which
 * the hold-cleanup behaviour releases when the traveller leaves the checkout paths.
 */
export function WeeksCheckoutView({ page: data, layout }: CheckoutViewProps<'RST' | 'STY'>) {
  const t = useT();
  const [state, dispatch] = useReducer(prepareReducer<Hold>, undefined, () => initialPrepareState<Hold>());
  const started = useRef<PrepareState<Hold> | null>(null);
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!data.tooSoon) dispatch({ type: 'start' });
  }, [data.tooSoon]);

  useEffect(() => {
    // Each state asks for at most one call, even when an effect runs twice (StrictMode).
    if (!callDue(state) || started.current === state) return;
    started.current = state;
    const first = sendsUuid(state);
    void (async () => {
      if (first) await releaseLeftover();
      const event = await prepare(data, first);
      if (event.type === 'success') {
        Cookies.set('holdTok', event.hold.token, { path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
      }
      dispatch(event);
      // The loader prices the week once it sees the hold's cookie: the payment then joins the
      // traveller in the one checkout form (there is no separate traveller step to reload it).
      if (event.type === 'success') revalidate();
    })();
  }, [state, data, revalidate]);

  const details = new URLSearchParams({ resort_id: String(data.request.resort_id), check_in_date: data.request.check_in_date, weeks: String(data.week.weeks) });
  const orgTime = useOrgTime();
  const until = state.hold ? orgTime(state.hold.expiresAt) : '';
  // The page prices the held week once the loader has seen the hold (revalidated once it is held).
  const priced = state.hold !== null && data.hold?.token === state.hold.token;
  // The week's days in the signed-in user's date format (docs/decisions/0022), else the locale's.
  const weekDay = useWeekdayDay({ year: true });
  const week = `${weekDay(data.week.checkIn)} – ${weekDay(data.week.checkOut)}`;

  if (data.tooSoon) {
    return (
      <div className="checkout-page weeks-checkout">
        <h1>{t('checkout.title')}</h1>
        <MinCheckinDialog earliest={data.tooSoon} />
      </div>
    );
  }
  return (
    <CheckoutPage
      layout={layout}
      parts={{
        frame: {
          className: 'weeks-checkout',
          data: { 'data-prepare-phase': state.phase, 'data-fail-retry-prepare': String(state.failRetryPrepare), 'data-fail-prepare': String(state.failPrepare) },
        },
        notice: (
          <>
            <noscript>
              <p className="hold-notice hold-expired">{t('weeks.checkout.noscript')}</p>
            </noscript>
            <p role="status" className={state.phase === 'held' ? 'hold-notice' : 'hold-progress'}>
              {state.phase === 'loading' ? t('weeks.checkout.holding') : null}
              {state.phase === 'retrying' ? t('weeks.checkout.retrying') : null}
              {state.phase === 'held' ? t('weeks.checkout.heldUntil', { time: until }) : null}
            </p>
            {state.phase === 'failed' ? (
              <div role="alert" className="hold-notice hold-expired">
                {soldOut(state) ? (
                  <p>
                    {t('weeks.checkout.taken')} <Link to={`${data.path}/details?${details.toString()}`}>{t('weeks.checkout.chooseAnother')}</Link>
                  </p>
                ) : (
                  <p>
                    {t('weeks.checkout.failed')}{' '}
                    <button type="button" className="button" onClick={() => dispatch({ type: 'start' })}>
                      {t('weeks.checkout.tryAgain')}
                    </button>
                  </p>
                )}
              </div>
            ) : null}
          </>
        ),
        summary: ({ showImage }) => (
          <>
            <h2 id="summary-title">{data.resort.name}</h2>
            {showImage ? <img src={data.resort.image} alt="" width={320} height={192} /> : null}
            <p className="muted">{data.resort.address}</p>
            <p>
              <strong>{t('weeks.checkout.stay', { unit: roomTypeName(data.unit, t), sleeps: data.unit.sleeps })}</strong>
            </p>
            <p className="week-dates">
              {week} · {t('weeks.price.weeks', { weeks: data.week.weeks, nights: data.week.nights })}
            </p>
          </>
        ),
        price: state.phase === 'held' ? <WeeksPriceBreakdown price={data.week} /> : null,
        traveler: state.hold ? <TravelerSection prefill={data.traveler} saved={priced ? data.savedTraveler : null} choices={data.savedTravelers} /> : null,
        payment: state.hold && priced ? { hold: state.hold.token, product: data.kind, charge: data.charge, totalText: data.week.total.text, payment: data.payment } : null,
      }}
    />
  );
}

import { useFetcher, useLocation, useNavigate, useSubmit } from '@remix-run/react';
import Cookies from 'js-cookie';
import { readCookie, SITE_REFERER_COOKIE } from '~/components/site-cookies';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PaymentOptions, PaymentProvider, useCheckoutPayment } from '~/components/checkout/payment-block';
import { Dialog } from '~/components/dialog';
import { postJson } from '~/components/post-json';
import { useBookingStatus } from '~/components/realtime/use-booking-status';
import { useShell, useT } from '~/components/shell-context';
import { isValidBookingId } from '~/domain/booking-submit';
import { formatChargedAmount } from '~/domain/charge';
import { cashAmountToSend, cashRefusalReason, cleanAmountInput } from '~/domain/coupon-cash';
import {
  NO_SHOW_PLANS_HOME,
  OPEN_PLANS_PARAM,
  STATUS_POLL,
  carouselShowsArrows,
  carouselSlides,
  carouselStart,
  closingSetsNoShow,
  payNowDisabled,
  plansModalAutoOpens,
} from '~/domain/membership';
import type { SubscriptionPlanView } from '~/services/membership/membership.server';
import type { CheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { dateTimeFormat } from '~/domain/intl-format';

type Quote = { amount: number; debt_payed: number; is_renewal: boolean; is_trial: boolean; charge_org: boolean };
type Plan = SubscriptionPlanView & { quote?: Quote };
type SubscriptionDetails = { plan_name: string; plan_status: 'ACTIVE' | 'EXPIRED'; plan_expiry_date: string; subscription_debt: number };
/** What a member may pay part of a purchase with (the plans fetch's stored_value, decision 0054). */
type StoredValueChoices = { coupon: boolean; cash_cards: { id: string; code: string; title: string; currency: string; balance: number }[] };
/** The plans fetch (spec §3 "Plans response"); an anonymous visitor has plans only. */
type PlansState = {
  plans: Plan[];
  subscription: SubscriptionDetails | null;
  needsRenewal: boolean;
  storedValue: StoredValueChoices | null;
};

const minor = (major: number) => Math.round(major * 100);

/** The plans fetch's stored_value as the modal uses it; null when absent or malformed. */
function storedValueChoicesOf(value: unknown): StoredValueChoices | null {
  const choices = record(value);
  if (typeof choices.coupon !== 'boolean' || !Array.isArray(choices.cash_cards)) return null;
  return { coupon: choices.coupon, cash_cards: choices.cash_cards as StoredValueChoices['cash_cards'] };
}
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** The viewport's width, followed on resize (the carousel's slides depend on it). */
function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/**
 * The membership plans modal (spec §2, issue 12) on the organisation's plan routes: it asks for
 * the plans (by userId for a member), opens by itself on home when the answer says displayModal
 * and the noShowPlansHome cookie is absent, or when the URL asks (?plans=open). A blocked user
 * is signed out.
 */
export default function PlansModalHost() {
  const { org, user, locale } = useShell();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const askedByUrl = new URLSearchParams(location.search).get(OPEN_PLANS_PARAM) === 'open';
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<PlansState | null>(null);
  const [failed, setFailed] = useState(false);
  const [activated, setActivated] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    if (!user) {
      const answer = await postJson('/api/membershipUpgrade/subscription-plans', { lang: locale.language });
      const plans = record(record(record(answer.body).data)).data;
      if (answer.status !== 200 || !Array.isArray(plans)) return setFailed(true);
      return setState({ plans: plans as Plan[], subscription: null, needsRenewal: false, storedValue: null });
    }
    const answer = await postJson('/api/membershipUpgrade/plans', { userId: user.userId, lang: locale.language });
    const body = record(answer.body);
    if (answer.status !== 200 || !Array.isArray(body.plans)) return setFailed(true);
    const profile = record(body.userProfile);
    // Spec §6: a blocked user is signed out.
    if (profile.is_blocked === true) return submit(null, { method: 'post', action: '/auth/logout' });
    setState({
      plans: body.plans as Plan[],
      subscription: (profile.subscription_details as SubscriptionDetails | null) ?? null,
      needsRenewal: body.needsRenewal === true,
      storedValue: storedValueChoicesOf(body.stored_value),
    });
    if (plansModalAutoOpens(location.pathname, body.displayModal === true, Object.keys(Cookies.get()), org.membership.plansModal.autoOpenRoutes)) setOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user and language, not on every navigation: the answer decides whether the modal opens by itself
  }, [user?.userId, locale.language]);

  // A member's plans decide whether the modal opens by itself; a visitor's are read only when asked for.
  const wanted = user !== null || open;
  useEffect(() => {
    if (wanted) void load();
  }, [load, wanted]);
  useEffect(() => {
    if (askedByUrl) setOpen(true);
  }, [askedByUrl]);

  function close() {
    setOpen(false);
    if (closingSetsNoShow(location.pathname, org.membership.plansModal.autoOpenRoutes)) Cookies.set(NO_SHOW_PLANS_HOME, '1', { sameSite: 'lax', path: '/' });
    if (askedByUrl) {
      const params = new URLSearchParams(location.search);
      params.delete(OPEN_PLANS_PARAM);
      navigate({ pathname: location.pathname, search: params.size ? `?${params}` : '' }, { replace: true, preventScrollReset: true });
    }
  }

  function onActivated() {
    // Spec §4 "Subscription booking": the modal closes and the page reloads after 5 seconds.
    setOpen(false);
    setActivated(true);
    setTimeout(() => window.location.reload(), STATUS_POLL.reloadAfterMs);
  }

  return (
    <>
      {activated ? (
        <p className="plans-activated hold-notice" role="status">
          {t('plans.reloading')}
        </p>
      ) : null}
      <Dialog open={open} onClose={close} title={state?.needsRenewal ? t('plans.renewTitle') : t('plans.title')} closeLabel={t('plans.dismiss')} className="plans-modal">
        {failed ? (
          <p role="alert" className="field-error">
            {t('plans.loadFailed')}
          </p>
        ) : !state ? (
          <p role="status">{t('plans.loading')}</p>
        ) : state.plans.length === 0 ? (
          <p>{t('plans.none')}</p>
        ) : (
          <PlansContent state={state} onActivated={onActivated} reload={load} />
        )}
      </Dialog>
    </>
  );
}

function PlansContent({ state, onActivated, reload }: { state: PlansState; onActivated: () => void; reload: () => Promise<void> }) {
  const { user } = useShell();
  const t = useT();
  const current = state.subscription ? state.plans.find((plan) => plan.subplan_name === state.subscription?.plan_name) : undefined;
  const [chosenId, setChosenId] = useState<number>((current ?? state.plans[0]!).sub_id);
  const chosen = state.plans.find((plan) => plan.sub_id === chosenId) ?? state.plans[0]!;
  return (
    <div className="plans-content">
      <PlansCarousel plans={state.plans} chosenId={chosen.sub_id} onChoose={setChosenId} />
      <RenewalSummary state={state} plan={chosen} />
      {user && chosen.quote ? (
        <SubscriptionPayment key={chosen.sub_id} plan={chosen} quote={chosen.quote} storedValue={state.storedValue} onActivated={onActivated} reload={reload} />
      ) : (
        <a className="button button-primary" href="?login=true">
          {t('plans.signIn')}
        </a>
      )}
    </div>
  );
}

/**
 * The plans carousel (spec §2, §9): 2 slides from 768 px, else 1; arrows only when there are more
 * plans than slides. Each slide is a group named "Plan n of N"; the plan is chosen with a radio
 * button, so arrows, Tab and the arrow keys all work and a screen reader hears the choice.
 */
function PlansCarousel({ plans, chosenId, onChoose }: { plans: Plan[]; chosenId: number; onChoose: (id: number) => void }) {
  const t = useT();
  const { locale, org } = useShell();
  const slides = carouselSlides(useViewportWidth());
  const arrows = carouselShowsArrows(plans.length, slides);
  const [start, setStart] = useState(() =>
    carouselStart(
      0,
      plans.findIndex((plan) => plan.sub_id === chosenId),
      plans.length,
      slides,
    ),
  );
  const first = carouselStart(start, 0, plans.length, slides);
  const visible = plans.slice(first, first + slides);
  const name = useId();
  return (
    <section className="plans-carousel" aria-roledescription="carousel" aria-label={t('plans.carousel')} data-slides={slides}>
      {arrows ? (
        <button
          type="button"
          className="plans-arrow"
          aria-label={t('plans.previous')}
          disabled={first === 0}
          onClick={() => setStart(carouselStart(first, -1, plans.length, slides))}
        >
          <span aria-hidden="true">‹</span>
        </button>
      ) : null}
      <div className="plans-slides" aria-live="polite">
        {visible.map((plan) => {
          const index = plans.indexOf(plan);
          const price = (major: number) => formatChargedAmount({ amountMinor: minor(major), currency: plan.currency_code }, locale.language);
          return (
            <div
              key={plan.sub_id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('plans.slide', { n: index + 1, total: plans.length })}
              className={`plan-card${plan.sub_id === chosenId ? ' plan-card-chosen' : ''}`}
            >
              {plan.sub_plan_image_url ? <img src={plan.sub_plan_image_url} alt="" width={320} height={120} loading="lazy" /> : null}
              <h3>{plan.subplan_name}</h3>
              <p className="muted">{plan.subplan_desc}</p>
              <p className="plan-price">
                {plan.quote?.charge_org
                  ? t('plans.paidByOrgShort', { org: org.name })
                  : plan.sub_plan_charge_after > 0
                    ? t('plans.trial', { days: plan.sub_plan_charge_after, price: price(plan.sub_plan_renewal_price) })
                    : t('plans.price', { price: price(plan.sub_plan_initial_price), validity: validityText(t, plan.sub_plan_validity_year, plan.sub_plan_validity_month) })}
              </p>
              {plan.sub_plan_charge_after === 0 && plan.is_renewable ? <p className="muted">{t('plans.renewsAt', { price: price(plan.sub_plan_renewal_price) })}</p> : null}
              {/* The organisation's template, rendered on the server from escaped values and checked tags (plan-html.server.ts). */}
              <div className="plan-html" dangerouslySetInnerHTML={{ __html: plan.html }} />
              <label className="plan-choose">
                <input type="radio" name={name} value={plan.sub_id} checked={plan.sub_id === chosenId} onChange={() => onChoose(plan.sub_id)} />
                {t('plans.choose', { name: plan.subplan_name })}
              </label>
            </div>
          );
        })}
      </div>
      {arrows ? (
        <button
          type="button"
          className="plans-arrow"
          aria-label={t('plans.next')}
          disabled={first + slides >= plans.length}
          onClick={() => setStart(carouselStart(first, 1, plans.length, slides))}
        >
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </section>
  );
}

function validityText(t: ReturnType<typeof useT>, years: number, months: number): string {
  const parts = [
    years === 1 ? t('plans.validity.year') : years > 1 ? t('plans.validity.years', { n: years }) : '',
    months === 1 ? t('plans.validity.month') : months > 1 ? t('plans.validity.months', { n: months }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The renewal summary (spec §2): where the member stands, and what the chosen plan charges today. */
function RenewalSummary({ state, plan }: { state: PlansState; plan: Plan }) {
  const t = useT();
  const { org, locale } = useShell();
  const money = (major: number) => formatChargedAmount({ amountMinor: minor(major), currency: plan.currency_code }, locale.language);
  const date = (day: string) => dateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const quote = plan.quote;
  const subscription = state.subscription;
  return (
    <section className="plans-summary" aria-labelledby="plans-summary-title">
      <h3 id="plans-summary-title">{t('plans.summary')}</h3>
      <p>
        {subscription
          ? t(subscription.plan_status === 'ACTIVE' ? 'plans.active' : 'plans.expired', { plan: subscription.plan_name, date: date(subscription.plan_expiry_date) })
          : t('plans.newMember', { org: org.name })}
      </p>
      {quote ? (
        <dl className="plans-lines">
          <div>
            <dt>
              {quote.is_renewal ? t('plans.renewal') : t('plans.firstPeriod')} · {plan.subplan_name}
            </dt>
            <dd>{money(quote.amount - quote.debt_payed)}</dd>
          </div>
          {quote.debt_payed > 0 ? (
            <div>
              <dt>{t('plans.debt')}</dt>
              <dd>{money(quote.debt_payed)}</dd>
            </div>
          ) : null}
          <div className="plans-total">
            <dt>{t('plans.total')}</dt>
            <dd>{money(quote.amount)}</dd>
          </div>
        </dl>
      ) : null}
      {quote?.charge_org ? <p>{t('plans.paidByOrg', { org: org.name })}</p> : null}
    </section>
  );
}

/** The membership's payment block (`/resources/subscription-payment`), reloaded after a card is saved. */
function SubscriptionPayment({
  plan,
  quote,
  storedValue,
  onActivated,
  reload,
}: {
  plan: Plan;
  quote: Quote;
  storedValue: StoredValueChoices | null;
  onActivated: () => void;
  reload: () => Promise<void>;
}) {
  const t = useT();
  const fetcher = useFetcher<CheckoutPayment>();
  const load = fetcher.load;
  useEffect(() => {
    load('/resources/subscription-payment');
  }, [load]);
  const payment = fetcher.data;
  if (!payment) return <p role="status">{t('plans.loading')}</p>;
  return (
    <PaymentProvider
      payment={{
        hold: null,
        product: 'SUB',
        // A trial charges nothing now, but its card pays the renewal: the cards are chosen as for that price.
        charge: { amountMinor: minor(quote.is_trial ? plan.sub_plan_renewal_price : quote.amount), currency: plan.currency_code },
        totalText: '',
        payment,
        reload: () => load('/resources/subscription-payment'),
      }}
    >
      <PayNow plan={plan} quote={quote} storedValue={storedValue} onActivated={onActivated} reload={reload} />
    </PaymentProvider>
  );
}

/**
 * The payment section and Pay Now (spec §4 "Booking submit" for a subscription, §5 "Subscription
 * Pay Now"): payment-membership checks the purchase, initbook writes the booking, the card calls
 * (or the zero-amount call) pay it with the subscription's metadata; then the booking's live
 * status is followed. A failure shows the dismissible 'Payment Error' box.
 */
function PayNow({
  plan,
  quote,
  storedValue,
  onActivated,
  reload,
}: {
  plan: Plan;
  quote: Quote;
  storedValue: StoredValueChoices | null;
  onActivated: () => void;
  reload: () => Promise<void>;
}) {
  const t = useT();
  const { user, locale } = useShell();
  const flow = useCheckoutPayment();
  const [couponCode, setCouponCode] = useState('');
  const [cashCardId, setCashCardId] = useState('');
  const [cashAmount, setCashAmount] = useState('');
  // A coupon or a cash card pays part of a price; a trial and an organisation-paid plan have none now.
  const takesStoredValue = storedValue !== null && quote.amount > 0 && !quote.is_trial && !quote.charge_org;
  const cashCards = takesStoredValue ? storedValue.cash_cards.filter((card) => card.currency === plan.currency_code) : [];
  const [authorised, setAuthorised] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [following, setFollowing] = useState<string | null>(null);
  const live = useBookingStatus(following);
  const checkboxId = useId();
  const hintId = useId();
  const announced = useRef(false);
  // A card pays now, or (a trial) pays the renewal it authorises; nothing when the organisation pays.
  const needsCard = !quote.charge_org;

  const fail = (message: unknown) => {
    flow?.restartPayment();
    setFollowing(null);
    setSaving(false);
    setError(typeof message === 'string' && message.trim() !== '' ? message : t('plans.paymentError.default'));
  };

  useEffect(() => {
    if (!following) return;
    if (live.status === 'confirmed') {
      if (!announced.current) {
        announced.current = true;
        onActivated();
      }
    } else if (live.status === 'failed' || live.status === 'cancelled' || live.status === 'initiated') {
      // 'initiated' again: the payment was refused after it was accepted for processing.
      fail(null);
    } else if (live.done) {
      // Still processing when the follow ends: the status stays on screen, and the page may be left.
      setSaving(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the status is what this effect follows; `fail` and `onActivated` are recreated each render
  }, [following, live.status, live.done]);

  async function payNow(event: React.FormEvent) {
    event.preventDefault();
    if (!flow || !user || disabled) return;
    const cashToUse = cashAmountToSend(cashAmount);
    if (cashCardId !== '' && !cashToUse.ok) return setError(t('storedValue.cash.enterAmount'));
    setSaving(true);
    setError(null);
    const checked = await postJson('/api/membershipUpgrade/payment-membership', {
      sub_plan_id: plan.sub_id,
      currency: plan.currency_code,
      subscription_code: plan.subscription_code,
      membership_id: plan.membership_id,
      plan_amount: quote.amount,
      userId: user.userId,
      // The site that brought the visitor (site_referer, decision 0053), else none.
      referer: readCookie(SITE_REFERER_COOKIE) ?? '',
      charge_org: quote.charge_org,
    });
    if (checked.status !== 200) return refused(checked);
    const init = await postJson('/api/plans/initbook', {
      data: {
        is_renewal: quote.is_renewal ? 1 : 0,
        currency: plan.currency_code,
        plan_amount: quote.amount,
        id: plan.sub_id,
        subscription_code: plan.subscription_code,
        lang_code: locale.language,
        user_type: 2,
        quot_id: '',
        pg_token: '',
        pg_type: flow.payment.pgType,
        is_trial: quote.is_trial,
        charge_org: quote.charge_org,
        // Decision 0054: the code and the card; the server prices both and answers what the card pays.
        cn_cd: couponCode.trim(),
        cn_trnid: '',
        cn_disc: 0,
        cashcard: cashCardId,
        cashcard_amount: cashCardId !== '' && cashToUse.ok ? cashToUse.amount : 0,
      },
    });
    if (init.status !== 200) return refused(init);
    const data = record(record(init.body).data);
    const bookingId = data.booking_id;
    // Spec §4 step 2: no usable booking id stops the flow and gives the page back.
    if (!isValidBookingId(bookingId)) return fail(null);
    const amountMinor = minor(Number(data.amount));
    const result =
      amountMinor > 0
        ? await flow.pay(bookingId, amountMinor, String(data.currency), {
            description: plan.subplan_name,
            metadata: { language_code: locale.language, is_renewal: quote.is_renewal, charge_org: quote.charge_org, is_trial: quote.is_trial, debt_payed: quote.debt_payed },
          })
        : await postJson('/api/booking/zeroAmountBooking', { id: bookingId });
    if ('kind' in result) return fail(result.kind === 'message' ? result.text : null);
    const body = record(result.body);
    // Spec §4 step 5: the success navigation is suppressed; the booking's live status takes over,
    // also when the answer was lost (status 0) or is still pending (202): never pay twice.
    if (result.status === 0 || body.status === 'confirmed' || body.status === 'pending') return setFollowing(bookingId);
    // Spec §7: the payment call's status, error.message, message and payment_id.
    fail(typeof body.error === 'string' ? body.error : (record(body.error).message ?? body.message));
  }

  /** A refusal of payment-membership or initbook: a payment already running is followed; new figures are read again. */
  function refused(answer: { status: number; body: unknown }) {
    const body = record(answer.body);
    const running = record(body.data).booking_id;
    if (body.error === 'in_progress' && isValidBookingId(running)) return setFollowing(running);
    if (body.error === 'price_changed') {
      void reload();
      return fail(t('plans.priceChanged'));
    }
    // A refused cash card says why in the page's language (the coupon's message already is).
    const cashReason = cashRefusalReason({ reason: body.error });
    fail(cashReason ? t(`storedValue.cash.reason.${cashReason}`) : body.message);
  }

  const addingCard = needsCard && flow?.choice?.kind === 'add';
  const trialWithoutCard = quote.is_trial && needsCard && flow?.choice?.kind !== 'saved';
  const disabled = payNowDisabled({ authorised, saving, disabledByCaller: !flow || (needsCard && flow.disabledReason !== null) || trialWithoutCard, addingCard });
  const statusText = following && live.status ? statusMessage(t, live.status) : null;
  return (
    <>
      {needsCard ? <PaymentOptions /> : null}
      <form className="plans-pay" onSubmit={payNow} aria-label={t('plans.payNow')} noValidate>
        {takesStoredValue && (storedValue.coupon || cashCards.length > 0) ? (
          <StoredValueFields
            coupon={storedValue.coupon}
            cashCards={cashCards}
            currency={plan.currency_code}
            disabled={saving}
            couponCode={couponCode}
            onCouponCode={setCouponCode}
            cashCardId={cashCardId}
            onCashCardId={setCashCardId}
            cashAmount={cashAmount}
            onCashAmount={setCashAmount}
          />
        ) : null}
        <div className="checkbox-field">
          <input id={checkboxId} type="checkbox" checked={authorised} onChange={(event) => setAuthorised(event.target.checked)} disabled={saving} />
          <label htmlFor={checkboxId}>{t('plans.authorize')}</label>
        </div>
        {!authorised ? (
          <p id={hintId} className="muted">
            {t('plans.payNowHint')}
          </p>
        ) : null}
        {addingCard ? <p className="muted">{t('payment.saveFirst')}</p> : null}
        {trialWithoutCard && !addingCard ? <p className="muted">{t('plans.trialCard')}</p> : null}
        <button type="submit" className="button button-primary" disabled={disabled} aria-describedby={!authorised ? hintId : undefined}>
          {saving ? t('plans.paying') : t('plans.payNow')}
        </button>
        <p className="plans-status" role="status" aria-live="polite">
          {statusText}
        </p>
      </form>
      {error ? (
        <div className="payment-error-box" role="alert">
          <p className="payment-error-title">
            <strong>{t('plans.paymentError.title')}</strong>
          </p>
          <p>{error}</p>
          <button type="button" className="button button-ghost" onClick={() => setError(null)}>
            {t('plans.dismiss')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The purchase's coupon code and cash card (decision 0054): sent with initbook, which takes them off the total before the card pays the rest. */
function StoredValueFields(props: {
  coupon: boolean;
  cashCards: StoredValueChoices['cash_cards'];
  currency: string;
  disabled: boolean;
  couponCode: string;
  onCouponCode: (code: string) => void;
  cashCardId: string;
  onCashCardId: (id: string) => void;
  cashAmount: string;
  onCashAmount: (amount: string) => void;
}) {
  const t = useT();
  const { locale } = useShell();
  const couponId = useId();
  const cardId = useId();
  const amountId = useId();
  const hintId = useId();
  const money = (major: number) => formatChargedAmount({ amountMinor: minor(major), currency: props.currency }, locale.language);
  return (
    <fieldset className="plans-stored-value" disabled={props.disabled}>
      <legend>{t('plans.storedValue')}</legend>
      <p className="muted">{t('plans.storedValueHint')}</p>
      {props.coupon ? (
        <div className="form-field">
          <label htmlFor={couponId}>{t('storedValue.coupon.code')}</label>
          <input
            id={couponId}
            name="cn_cd"
            value={props.couponCode}
            onChange={(event) => props.onCouponCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
          />
        </div>
      ) : null}
      {props.cashCards.length > 0 ? (
        <>
          <div className="form-field">
            <label htmlFor={cardId}>{t('storedValue.cash.card')}</label>
            <select id={cardId} name="cashcard" value={props.cashCardId} onChange={(event) => props.onCashCardId(event.target.value)}>
              <option value="">{t('plans.noCashCard')}</option>
              {props.cashCards.map((card) => (
                <option key={card.id} value={card.id}>
                  {t('storedValue.cash.option', { title: card.title, code: card.code, balance: money(card.balance) })}
                </option>
              ))}
            </select>
          </div>
          {props.cashCardId !== '' ? (
            <div className="form-field">
              <label htmlFor={amountId}>{t('storedValue.cash.amount')}</label>
              <input
                id={amountId}
                name="cashcard_amount"
                inputMode="decimal"
                autoComplete="off"
                aria-describedby={hintId}
                value={props.cashAmount}
                onChange={(event) => props.onCashAmount(cleanAmountInput(event.target.value))}
              />
              <p id={hintId} className="muted">
                {t('storedValue.cash.amountHint')}
              </p>
            </div>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

function statusMessage(t: ReturnType<typeof useT>, status: string): string | null {
  switch (status) {
    case 'initiated':
      return t('plans.status.initiated');
    case 'pending':
      return t('plans.status.pending');
    case 'confirmed':
      return t('plans.status.confirmed');
    case 'failed':
      return t('plans.status.failed');
    case 'cancelled':
      return t('plans.status.cancelled');
    default:
      return null;
  }
}

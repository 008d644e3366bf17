import { useFetcher, useRevalidator, useSearchParams } from '@remix-run/react';
import { type ReactNode, createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useOptionalUser, useShell, useT } from '~/components/shell-context';
import { CardEntry, type CardEntryHandle, cardFailureText } from '~/components/payments/card-entry';
import type { CardEntryFailure } from '~/domain/card-entry';
import { formatChargedAmount } from '~/domain/charge';
import { CardBrandIcon } from '~/components/payments/card-brand-icon';
import { saveCard, savedCardNonce } from '~/components/payments/card-service.client';
import { logCardStep } from '~/components/payments/card-process-log';
import { CARD_MOUNT_DELAY_MS, PAYMENT_ID_COOKIE, SELECTION_READY_MS, type SubmitOutcome, acknowledgementLinks, isValidBookingId, submitOutcome } from '~/domain/booking-submit';
import { ADD_NEW_CARD, OXXO, PAY_WITH_INVOICE, PAY_WITH_NEW_CARD, type PaymentOption } from '~/domain/payment-options';
import type { CheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { BookingFailedDialog, CardFailureDialog, DemoAccountDialog } from './payment-dialogs';
import { readCookie, SITE_REFERER_COOKIE, writeCookie } from '~/components/site-cookies';
import { postJson } from '~/components/post-json';
import { minorToMajor } from '~/domain/coupon-cash';
import type { TravelerResult } from '~/services/booking/checkout.server';
import { CHECKOUT_FORM_ID, TRAVELER_FETCHER_KEY } from './checkout-form';

export type PaymentBlockProps = Props;

type Props = {
  /** The hold paid for; null for a membership (issue 12), which has none. */
  hold: string | null;
  product: string;
  /** What the booking charges: the hold's quote (the server freezes it at init). */
  charge: { amountMinor: number; currency: string };
  /** The total as the page shows it (the mobile 'Total'). */
  totalText: string;
  payment: CheckoutPayment;
  /** Reloads `payment` after a card is saved; the page's loaders by default (the plans modal fetches its own). */
  reload?: () => void;
};

/** What a membership payment adds to the card calls (spec §7 "Second-provider payment": subscription and its metadata). */
export type SubscriptionCharge = { description: string; metadata: Record<string, unknown> };

type Answer = { status: number; body: unknown };

const field = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);

type ChoiceKind = 'saved' | 'add' | 'new' | 'invoice' | 'oxxo';

function kindOf(option: PaymentOption): ChoiceKind {
  if (option.uniquekey === 'cards') return 'saved';
  if (option.value === ADD_NEW_CARD) return 'add';
  if (option.value === PAY_WITH_NEW_CARD) return 'new';
  if (option.value === PAY_WITH_INVOICE) return 'invoice';
  if (option.value === OXXO) return 'oxxo';
  throw new Error(`Unknown payment option ${option.value}`);
}

/** Spec §7 "Payment token generation": the cash card, coupon and wallet fields of what the member applied. */
function storedValueFields(storedValue: CheckoutPayment['storedValue']) {
  const applied = storedValue?.applied ?? [];
  const coupon = applied.find((part) => part.kind === 'coupon');
  return {
    cashcard_amt: minorToMajor(applied.filter((part) => part.kind === 'cash_card').reduce((sum, part) => sum + part.amountMinor, 0)),
    cn_disc_amt: coupon ? minorToMajor(coupon.amountMinor) : 0,
    cn_disc_code: coupon?.code ?? '',
    cn_dis_trnid: coupon?.id ?? '',
    ...(coupon ? { coupon_code: coupon.code, coupon_id: coupon.couponId ?? '', coupon_trn_id: coupon.id } : {}),
    wallets: applied.filter((part) => part.kind === 'wallet').map((part) => ({ amount: minorToMajor(part.amountMinor), code: part.code, id: part.instrumentId ?? '', count: 1 })),
  };
}

/**
 * A pay call; its answer's payment_id (the gateway's transaction) is remembered in `paymentIdC`
 * for the success page to show as the payment's reference (decision 0053).
 */
async function payCall(url: string, body: unknown, headers: Record<string, string>) {
  const answer = await postJson(url, body, headers);
  const paymentId = field(answer.body, 'payment_id');
  if (typeof paymentId === 'string' && paymentId !== '') writeCookie(PAYMENT_ID_COOKIE, paymentId);
  return answer;
}

type PaymentFlow = ReturnType<typeof usePaymentFlow>;

/** The checkout's payment state, for blocks beside the payment (the stored-value slots); null before the offer is held. */
export function useCheckoutPayment(): PaymentFlow | null {
  return useContext(PaymentFlowContext);
}
const PaymentFlowContext = createContext<PaymentFlow | null>(null);

/**
 * The checkout payment (spec §2 "Checkout payment block", §4 "Card selection" and "Booking
 * submit"): one state shared by the layout's payment, acknowledgement and submit blocks, which
 * the layout may place apart (docs/decisions/0026). Without `payment` (no live hold yet) those
 * blocks render nothing. Card numbers are typed into the card provider's UI and never reach
 * this page's server.
 */
export function PaymentProvider({ payment, children }: { payment: Props | null; children: ReactNode }) {
  return payment ? <LivePayment props={payment}>{children}</LivePayment> : <PaymentFlowContext.Provider value={null}>{children}</PaymentFlowContext.Provider>;
}

function LivePayment({ props, children }: { props: Props; children: ReactNode }) {
  return <PaymentFlowContext.Provider value={usePaymentFlow(props)}>{children}</PaymentFlowContext.Provider>;
}

function usePaymentFlow({ hold, product, charge, totalText, payment, reload }: Props) {
  const t = useT();
  const user = useOptionalUser();
  const [choices, setChoices] = useState(payment.options);
  const [selected, setSelected] = useState<string | null>(payment.selected);
  const [ready, setReady] = useState(true);
  // Paying needs the page's script (initBooking, the card frame). Until it runs, the button
  // posts the form as it is: the server saves the traveller or shows what to correct
  // (progressive enhancement); the rules that disable it apply once the script runs.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The traveller part of the one checkout form is saved first, through the fetcher the
  // traveller block reads its answer from; paying goes on once it is saved.
  const traveler = useFetcher<{ traveler?: TravelerResult }>({ key: TRAVELER_FETCHER_KEY });
  const [savingTraveler, setSavingTraveler] = useState(false);
  // The previous answer, which is not this submit's (the fetcher keeps its last data).
  const earlierAnswer = useRef<unknown>(undefined);
  // What the card was to pay when the visitor pressed COMPLETE BOOKING: saving the traveller
  // reloads the page's data, which must not change the amount they agreed to unseen.
  const shownPayable = useRef(0);
  const [modal, setModal] = useState<SubmitOutcome | null>(null);
  const newCard = useRef<CardEntryHandle>(null);
  const addCard = useRef<CardEntryHandle>(null);
  // One key per payment the visitor means to make: a double click or a retry after a lost
  // answer reuses it, so the server charges once; a refusal starts a new one.
  const idempotencyKey = useRef<string | null>(null);
  const chosen = choices.find((c) => c.value === selected) ?? null;
  const choice = chosen ? { ...chosen, kind: kindOf(chosen) } : null;
  // What the card pays: the charge less the stored value the member applied (spec §5; the server's own record).
  const storedValue = payment.storedValue;
  const payable = storedValue ? { amountMinor: storedValue.payableMinor, currency: storedValue.currency } : charge;
  const free = payable.amountMinor === 0;
  const paymentTitle = useId();

  const revalidator = useRevalidator();
  const reloadPayment = reload ?? (() => revalidator.revalidate());
  const pendingSelection = useRef<string | null>(null);
  useEffect(() => {
    setChoices(payment.options);
    const wanted = pendingSelection.current;
    if (wanted && payment.options.some((c) => c.value === wanted)) {
      pendingSelection.current = null;
      setSelected(wanted);
      idempotencyKey.current = null;
      // The card is saved: the next step is paying with it.
      requestAnimationFrame(() => document.getElementById(CHECKOUT_FORM_ID)?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus());
    }
  }, [payment.options]);

  function choose(value: string) {
    logCardStep('update_payment', 'ok');
    // Choosing another way to pay is the visitor acting on the message: it has done its work.
    setMessage(null);
    setSelected(value);
    idempotencyKey.current = null;
    if (value === ADD_NEW_CARD || value === PAY_WITH_NEW_CARD) {
      setReady(false);
      setTimeout(() => setReady(true), SELECTION_READY_MS);
    }
  }

  /** A refused payment: the next submit is a new payment with its own key. */
  const restartPayment = () => {
    idempotencyKey.current = null;
  };

  function show(outcome: SubmitOutcome) {
    if (outcome.kind === 'navigate') {
      window.location.assign(outcome.url);
      return;
    }
    restartPayment();
    setBusy(false);
    // A refused payment gives back the stored value it would have spent (decision 0031): show what is left applied.
    if (storedValue && storedValue.applied.length > 0) reloadPayment();
    if (outcome.kind === 'message') setMessage(outcome.text);
    else setModal(outcome);
  }

  // The card port's own messages are English: the cardholder reads the page's language.
  const cardMessage = (failure: CardEntryFailure) => cardFailureText(failure, t);
  const outcomeOf = (answer: Answer) =>
    submitOutcome(answer.status, answer.body, {
      anotherMethod: t('payment.anotherMethod'),
      threeDSecureRequired: t('payment.threeDSecureRequired'),
      tryAgain: t('payment.tryAgain'),
      holdLapsed: t('checkout.holdLapsed'),
      travelerFirst: t('payment.travelerFirst'),
    });

  async function pay(bookingId: string, amountMinor: number, currency: string, subscription?: SubscriptionCharge): Promise<Answer | SubmitOutcome> {
    const key = (idempotencyKey.current ??= crypto.randomUUID());
    const headers = { 'Idempotency-Key': key };
    // `hold` proves a guest booking's payer (the hold's holder); a member's session does that too.
    const base = {
      hold,
      pg_amt: amountMinor / 100,
      pg_amount: amountMinor / 100,
      currency,
      id: bookingId,
      product_type: product,
      pg_type: payment.pgType,
      ...storedValueFields(storedValue),
      // Spec §7: a wallet payment names its customer and the site that brought them.
      ...(storedValue?.applied.some((part) => part.kind === 'wallet') && user ? { customer_id: user.userId, referer: readCookie(SITE_REFERER_COOKIE) ?? '' } : {}),
      email: payment.payer.email,
      names: payment.payer.names,
      card_id: '',
      cust_id: '',
    };
    if (!choice) return { kind: 'message', text: t('payment.tryAgain') };
    if (choice.kind === 'invoice') return payCall('/api/booking/generatePgToken', { ...base, payment_method: 'invoice' }, headers);
    if (choice.kind === 'oxxo') return payCall('/api/booking/generatePgToken', { ...base, payment_method: 'oxxo' }, headers);
    if (choice.kind === 'new') {
      const card = await newCard.current?.tokenize({ amountMinor, threeDSecure: payment.threeDSecure !== 'never' });
      if (!card) return { kind: 'message', text: t('payment.unavailable') };
      if (!card.ok) return { kind: 'message', text: cardMessage(card) };
      const deviceData = await newCard.current?.deviceData();
      return payCall('/api/booking/generatePgToken', { ...base, payment_method: 'card', nonce: card.nonce, ...(deviceData ? { device_data: deviceData } : {}) }, headers);
    }
    if (choice.kind === 'saved') {
      let nonce: string | undefined;
      if (payment.threeDSecure === 'always') {
        const cardNonce = await savedCardNonce(choice.value);
        if (!cardNonce) return { kind: 'message', text: t('payment.tryAgain') };
        const verified = await newCard.current?.verifySavedCard({ nonce: cardNonce, amountMinor });
        if (!verified) return { kind: 'message', text: t('payment.unavailable') };
        if (!verified.ok) return { kind: 'message', text: cardMessage(verified) };
        nonce = verified.nonce;
      }
      const amount = (amountMinor / 100).toFixed(2);
      const sum = await postJson('/api/pgv2/generateCheckSum', { orderId: bookingId, currency, countryCode: payment.countryCode, amount, api_key: payment.apiKey });
      const checksum = field(sum.body, 'checksum');
      if (typeof checksum !== 'string') return outcomeOf(sum);
      const deviceData = await newCard.current?.deviceData();
      return payCall(
        '/api/pgv2/paymentWithSavedCard',
        {
          hold,
          api_key: payment.apiKey,
          country_code: payment.countryCode,
          card_id: choice.value,
          email: payment.payer.email,
          order_id: bookingId,
          amount,
          currency,
          description: subscription?.description ?? product,
          subscription: subscription !== undefined,
          checksum,
          metadata: { bookingId, productType: product, ...subscription?.metadata },
          ...(nonce ? { nonce } : {}),
          ...(deviceData ? { device_data: deviceData } : {}),
        },
        headers,
      );
    }
    return { kind: 'message', text: t('payment.saveFirst') };
  }

  /** A car of another provider: its own page takes the payment (decision 0055); the payer comes back to the success page or here. */
  async function payOnProviderPage(bookingId: string, amountMinor: number, currency: string): Promise<Answer | SubmitOutcome> {
    const key = (idempotencyKey.current ??= crypto.randomUUID());
    const answer = await postJson('/api/booking/hostedPayment', { id: bookingId, pg_amt: amountMinor / 100, currency, hold }, { 'Idempotency-Key': key });
    const url = field(answer.body, 'redirect_url');
    return answer.status === 200 && typeof url === 'string' ? { kind: 'navigate', url } : answer;
  }

  /** A car paid at the desk on a card guarantee: the card is verified and kept, never charged. */
  async function guaranteeWithCard(bookingId: string): Promise<Answer | SubmitOutcome> {
    const key = (idempotencyKey.current ??= crypto.randomUUID());
    const card = await newCard.current?.tokenize({ amountMinor: 0, threeDSecure: false });
    if (!card) return { kind: 'message', text: t('payment.unavailable') };
    if (!card.ok) return { kind: 'message', text: cardMessage(card) };
    return postJson('/api/booking/cardGuarantee', { id: bookingId, hold, nonce: card.nonce }, { 'Idempotency-Key': key });
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    logCardStep('pay_click', payment.canBook ? 'ok' : 'failed', payment.canBook ? undefined : 'demo_account');
    if (!payment.canBook) {
      setModal({ kind: 'demo' });
      return;
    }
    setBusy(true);
    shownPayable.current = payable.amountMinor;
    // The form holds the traveller's fields (their `form` attribute) on a checkout; a membership has none.
    const form = new FormData(event.currentTarget);
    if (form.has('firstName')) {
      earlierAnswer.current = traveler.data;
      setSavingTraveler(true);
      traveler.submit(form, { method: 'post' });
      return;
    }
    void book();
  }

  // The traveller's answer: saved goes on to the payment (with the page's data revalidated);
  // anything else gives the page back, the traveller block showing what to correct.
  useEffect(() => {
    if (!savingTraveler || traveler.state !== 'idle' || !traveler.data || traveler.data === earlierAnswer.current) return;
    setSavingTraveler(false);
    if (traveler.data.traveler?.status === 'saved') void book();
    else setBusy(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per traveller answer; `book` is recreated each render, and the latest render's (with the revalidated payment) is the one called
  }, [savingTraveler, traveler.state, traveler.data]);

  async function book() {
    const init = await postJson('/api/booking/initBooking', { hold, product_type: product });
    const bookingId = field(init.body, 'booking_id');
    if (init.status !== 200 || !isValidBookingId(bookingId)) {
      // Spec §4 step 2: no usable booking id stops the flow and gives the page back.
      show(init.status === 200 ? { kind: 'message', text: t('payment.tryAgain') } : outcomeOf(init));
      return;
    }
    const amountMinor = Number(field(init.body, 'amount_minor'));
    const currency = String(field(init.body, 'currency') ?? charge.currency);
    // Stored value applied or released in another window since this page loaded: never charge
    // an amount the page does not show (decision 0031); show the new total instead.
    if (storedValue && amountMinor !== shownPayable.current) {
      show({ kind: 'message', text: t('payment.totalChanged') });
      reloadPayment();
      return;
    }
    const result =
      amountMinor > 0
        ? payment.providerPage
          ? await payOnProviderPage(bookingId, amountMinor, currency)
          : await pay(bookingId, amountMinor, currency)
        : payment.guarantee
          ? await guaranteeWithCard(bookingId)
          : await postJson('/api/booking/zeroAmountBooking', { id: bookingId, hold });
    show('kind' in result ? result : outcomeOf(result));
  }

  const cardsUsable = payment.cardEntry !== null;
  // Why COMPLETE BOOKING cannot be pressed now, said next to it; null when it can.
  const disabledReason: string | null = busy
    ? t('payment.processing')
    : !hydrated
      ? null
      : payment.guarantee
        ? cardsUsable
          ? null
          : t('payment.unavailable')
        : payment.providerPage
          ? null
          : !free && !choice
            ? t('payment.chooseFirst')
            : !free && choice?.kind === 'add'
              ? t('payment.saveFirst')
              : !ready
                ? t('payment.preparingCard')
                : null;

  return {
    hold,
    product,
    charge: payable,
    totalText: storedValue && storedValue.applied.length > 0 ? null : totalText,
    payment,
    choices,
    selected,
    choice,
    free,
    busy,
    message,
    modal,
    setModal,
    newCard,
    addCard,
    paymentTitle,
    choose,
    submit,
    disabledReason,
    cardsUsable,
    pendingSelection,
    revalidator,
    reloadPayment,
    pay,
    restartPayment,
  };
}

/** The layout's 'checkout.payment' block: how to pay, the card forms and their notes. */
export function PaymentOptions() {
  const flow = useContext(PaymentFlowContext);
  const t = useT();
  const { locale } = useShell();
  if (!flow) return null;
  const { payment, free, choices, selected, choose, busy, choice, cardsUsable, newCard, addCard, pendingSelection, reloadPayment, paymentTitle } = flow;
  return (
    <section aria-labelledby={paymentTitle} className="checkout-payment" aria-busy={busy}>
      <h2 id={paymentTitle}>{t('payment.title')}</h2>
      {payment.guarantee ? (
        <>
          <p className="payment-note">{t('payment.guaranteeNote')}</p>
          {payment.cardEntry ? (
            <form aria-label={t('payment.guaranteeCard')} className="payment-card-form" onSubmit={(event) => event.preventDefault()}>
              <CardEntry ref={newCard} config={payment.cardEntry} ui={payment.cardUi} language={locale.language} />
            </form>
          ) : (
            <p className="muted">{t('payment.unavailable')}</p>
          )}
        </>
      ) : free ? (
        <p>{t('payment.zeroNote')}</p>
      ) : payment.providerPage ? (
        <ProviderPageNote />
      ) : (
        <fieldset className="payment-options">
          <legend>{t('payment.choose')}</legend>
          {choices.map((option) => (
            <label key={option.value} className="payment-option">
              <input
                type="radio"
                form={CHECKOUT_FORM_ID}
                name="payment-option"
                value={option.value}
                checked={selected === option.value}
                onChange={() => choose(option.value)}
                disabled={busy}
              />
              <ChoiceLabel choice={option} />
            </label>
          ))}
          {!payment.signedIn ? <p className="muted">{t('payment.signInForCards')}</p> : null}
          {!cardsUsable ? <p className="muted">{t('payment.unavailable')}</p> : null}
        </fieldset>
      )}

      {!free && choice?.kind === 'add' && payment.cardEntry ? (
        <SaveCardForm
          cardEntry={payment.cardEntry}
          cardUi={payment.cardUi}
          entryRef={addCard}
          onSaved={(cardId) => {
            // Spec §4: the list reloads and the newest card is selected.
            pendingSelection.current = cardId;
            reloadPayment();
          }}
        />
      ) : null}

      {!free && payment.cardEntry && (choice?.kind === 'new' || (choice?.kind === 'saved' && payment.threeDSecure === 'always')) ? (
        <form aria-label={t('payment.form.creditCard')} className="payment-card-form" onSubmit={(event) => event.preventDefault()}>
          <CardEntry ref={newCard} config={payment.cardEntry} ui={payment.cardUi} hidden={choice.kind !== 'new'} language={locale.language} />
        </form>
      ) : null}

      {!free && choice?.kind === 'invoice' ? <p className="payment-note">{t('payment.invoiceNote')}</p> : null}
      {!free && choice?.kind === 'oxxo' ? <p className="payment-note">{t('payment.oxxoNote')}</p> : null}
    </section>
  );
}

/** A car paid on its provider's page (decision 0055): where COMPLETE BOOKING goes, and what came of an earlier visit there. */
function ProviderPageNote() {
  const t = useT();
  const [params] = useSearchParams();
  const came = params.get('hosted');
  return (
    <>
      {came === 'declined' || came === 'not_paid' ? (
        <p role="alert" className="field-error">
          {t(came === 'declined' ? 'payment.providerPage.declined' : 'payment.providerPage.notPaid')}
        </p>
      ) : null}
      <p className="payment-note">{t('payment.providerPage.note')}</p>
    </>
  );
}

/** The layout's 'checkout.acknowledgement' block: what the visitor accepts by booking, with the product's documents. */
export function PaymentAcknowledgement() {
  const flow = useContext(PaymentFlowContext);
  const t = useT();
  if (!flow) return null;
  return (
    <p className="payment-ack">
      {t('payment.ack')}{' '}
      {acknowledgementLinks(flow.product).map((link, index, all) => (
        <span key={link.key}>
          {index === all.length - 1 ? `${t('payment.ack.and')} ` : null}
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {t(`payment.ack.${link.key}`)}
            <span className="visually-hidden"> {t('payment.newTab')}</span>
          </a>
          {index < all.length - 2 ? ', ' : index === all.length - 2 ? ' ' : '.'}
        </span>
      ))}
    </p>
  );
}

/** The layout's 'checkout.submit' block: COMPLETE BOOKING, what the card is charged, and (with `showMobileTotal`) the total on small screens. */
export function PaymentSubmit({ showMobileTotal = true }: { showMobileTotal?: boolean }) {
  const flow = useContext(PaymentFlowContext);
  const t = useT();
  const { locale } = useShell();
  const reasonId = useId();
  if (!flow) return null;
  const { free, choice, charge, message, totalText, busy, submit, disabledReason, modal, setModal } = flow;
  return (
    <>
      {/* The one checkout form: the traveller's fields join it through their `form` attribute,
          wherever the layout places them. Without JavaScript it posts them (intent 'traveler'). */}
      <form id={CHECKOUT_FORM_ID} method="post" aria-label={t('payment.form.payment')} className="payment-form" onSubmit={submit} noValidate>
        {/* What the card is charged, in the charged currency (USD, or the shown one where the organisation settles in it: decision 0056). */}
        {!free && (choice?.kind === 'saved' || choice?.kind === 'new' || choice?.kind === 'add') ? (
          <p className="payment-charge">{t('payment.chargedAs', { amount: formatChargedAmount(charge, locale.language) })}</p>
        ) : null}
        {/* Without JavaScript the form posts as the traveller step: saved, or the fields to correct. */}
        {flow.hold ? (
          <>
            <input type="hidden" name="intent" value="traveler" />
            <input type="hidden" name="hold" value={flow.hold} />
          </>
        ) : null}
        <PaymentMessage message={message} />
        {showMobileTotal ? (
          <p className="payment-mobile-total">
            <span>
              {t('payment.total')} <strong>{totalText ?? formatChargedAmount(charge, locale.language)}</strong>
            </span>{' '}
            <a href="#summary-title">{t('payment.details')}</a>
          </p>
        ) : null}
        <noscript>
          <p className="muted">{t('payment.noscript')}</p>
        </noscript>
        <button type="submit" className="button button-primary payment-submit" disabled={disabledReason !== null} aria-describedby={disabledReason ? reasonId : undefined}>
          {busy ? t('payment.processing') : t('checkout.submit')}
        </button>
        {disabledReason ? (
          <p id={reasonId} className="muted submit-reason">
            {disabledReason}
          </p>
        ) : null}
      </form>
      {busy ? (
        <div className="loader-overlay payment-busy" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="loader-text">{t('payment.processing')}</span>
        </div>
      ) : null}
      <DemoAccountDialog open={modal?.kind === 'demo'} onClose={() => setModal(null)} />
      <CardFailureDialog open={modal?.kind === 'card_failure'} onClose={() => setModal(null)} />
      <BookingFailedDialog open={modal?.kind === 'booking_failed'} error={modal?.kind === 'booking_failed' ? modal.error : null} onClose={() => setModal(null)} />
    </>
  );
}

/**
 * Why the payment did not go through: it stays until the visitor acts (another way to pay, or
 * COMPLETE BOOKING again) and takes the focus, so a keyboard or screen-reader user is told at
 * once and starts from it.
 */
function PaymentMessage({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return message ? (
    <p ref={ref} role="alert" tabIndex={-1} className="field-error payment-message">
      {message}
    </p>
  ) : null;
}

function ChoiceLabel({ choice }: { choice: PaymentOption }) {
  const t = useT();
  const kind = kindOf(choice);
  if (kind === 'saved') {
    return (
      <span className="payment-option-card">
        <CardBrandIcon brand={choice.cardImage ?? 'unknown'} />
        <span>
          {choice.label}
          {choice.cardDataPGV2?.is_default || choice.cardData?.is_default === 1 ? <span className="badge"> {t('payment.defaultCard')}</span> : null}
        </span>
      </span>
    );
  }
  const labels = { add: 'payment.option.addCard', new: 'payment.option.newCard', invoice: 'payment.option.invoice', oxxo: 'payment.option.oxxo' } as const;
  return <span>{t(labels[kind])}</span>;
}

/**
 * 'add new card' (spec §4): the Save New Card form; the card frame mounts after 300 ms. A saved
 * card joins the list and is selected; a failed save says so and keeps the form.
 */
function SaveCardForm({
  cardEntry,
  cardUi,
  entryRef,
  onSaved,
}: {
  cardEntry: NonNullable<CheckoutPayment['cardEntry']>;
  cardUi: CheckoutPayment['cardUi'];
  entryRef: React.RefObject<CardEntryHandle>;
  onSaved: (cardId: string) => void;
}) {
  const t = useT();
  const { locale } = useShell();
  const [mounted, setMounted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<'saved' | 'not_saved' | null>(null);
  const nicknameId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), CARD_MOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nickname = String(new FormData(event.currentTarget).get('nick_name') ?? '').trim();
    setSaving(true);
    setStatus(null);
    const card = await entryRef.current?.tokenize({ amountMinor: 0, threeDSecure: false });
    if (!card?.ok) {
      logCardStep('save_card', 'failed', card ? card.reason : 'unavailable');
      setSaving(false);
      setStatus('not_saved');
      return;
    }
    const answer = await saveCard({ nonce: card.nonce, nickName: nickname });
    setSaving(false);
    const cardId = answer?.status_code === 200 ? answer.data?.id : undefined;
    if (!cardId) {
      logCardStep('save_card', 'failed', 'not_saved');
      setStatus('not_saved');
      return;
    }
    logCardStep('save_card', 'ok');
    setStatus('saved');
    onSaved(cardId);
  }

  return (
    <form aria-label={t('payment.form.saveNewCard')} className="payment-card-form" onSubmit={save}>
      {mounted ? <CardEntry ref={entryRef} config={cardEntry} ui={cardUi} language={locale.language} /> : <p className="muted">{t('app.loading')}</p>}
      <div className="form-field">
        <label htmlFor={nicknameId}>{t('payment.nickname')}</label>
        <input id={nicknameId} name="nick_name" maxLength={40} autoComplete="off" />
      </div>
      {status ? (
        <p role={status === 'saved' ? 'status' : 'alert'} className={status === 'saved' ? 'hold-notice' : 'field-error'}>
          {status === 'saved' ? t('payment.cardSaved') : t('payment.cardNotSaved')}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={saving || !mounted}>
        {saving ? t('app.loading') : t('payment.saveCard')}
      </button>
    </form>
  );
}

import { useId, useState } from 'react';
import { useCheckoutPayment } from '~/components/checkout/payment-block';
import { useShell, useT } from '~/components/shell-context';
import { formatChargedAmount } from '~/domain/charge';
import { canApplyCard } from '~/domain/stored-value-cards';
import type { AppliedPart, CheckoutStoredValue, HeldInstrument } from '~/services/stored-value/stored-value.server';
import { useStoredValueCall } from './stored-value-call';
import { MessageRegions, useTimedMessage } from './timed-message';

type Flow = NonNullable<ReturnType<typeof useCheckoutPayment>>;
type CardKind = 'wallet' | 'certificate' | 'discount_card';

/** The checkout's view and the member's cards of `kind`, or null when the checkout does not offer it (the block renders nothing). */
function useCards(kind: CardKind): { flow: Flow; storedValue: CheckoutStoredValue; cards: HeldInstrument[] } | null {
  const flow = useCheckoutPayment();
  const storedValue = flow?.payment.storedValue;
  if (!flow || !storedValue || !storedValue.offered.includes(kind)) return null;
  const cards = storedValue.instruments.filter((i) => i.kind === kind);
  return cards.length > 0 ? { flow, storedValue, cards } : null;
}

/** One apply/unapply call of a card (POST /api/booking/applyPaymentCard), with its refusal shown for 5 s (spec §9, the timed message's default). */
function useCardCall(flow: Flow) {
  const t = useT();
  const { busy, hydrated, send } = useStoredValueCall(flow);
  const [message, show, clear] = useTimedMessage();
  async function call(card: HeldInstrument, extra: { amount?: string; unapply?: boolean }) {
    clear();
    const answer = await send('/api/booking/applyPaymentCard', { hold: flow.hold, payment_card_id: card.id, ...extra });
    if (!answer.ok) show({ tone: 'failure', text: answer.message ?? t('stored.failed') });
  }
  return { busy, hydrated, call, message };
}

const appliedOf = (storedValue: CheckoutStoredValue, card: HeldInstrument): AppliedPart | undefined => storedValue.applied.find((part) => part.instrumentId === card.id);

/** The 'wallets' checkout slot (issue 11): each wallet's balance, an amount to use and Apply/Unapply. */
export function WalletsBlock() {
  const t = useT();
  const titleId = useId();
  const found = useCards('wallet');
  if (!found) return null;
  return (
    <section className="stored-value-block" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('wallets.title')}</h2>
      {found.cards.map((wallet) => (
        <Wallet key={wallet.id} flow={found.flow} wallet={wallet} applied={appliedOf(found.storedValue, wallet)} />
      ))}
    </section>
  );
}

function Wallet({ flow, wallet, applied }: { flow: Flow; wallet: HeldInstrument; applied: AppliedPart | undefined }) {
  const t = useT();
  const { locale } = useShell();
  const amountId = useId();
  const hintId = useId();
  const [amount, setAmount] = useState('');
  const { busy, hydrated, call, message } = useCardCall(flow);
  const money = (amountMinor: number, currency: string) => formatChargedAmount({ amountMinor, currency }, locale.language);
  const action = applied ? t('stored.unapply') : t('stored.apply');
  return (
    <div className="stored-value-card">
      <p>{t('wallets.balance', { name: wallet.title, amount: money(wallet.balance, wallet.currency) })}</p>
      {applied ? (
        <p className="stored-value-applied">{t('cards.applied', { amount: money(applied.amountMinor, applied.currency) })}</p>
      ) : (
        <div className="stored-value-field">
          <label htmlFor={amountId}>{t('wallets.amount', { name: wallet.title })}</label>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            disabled={busy}
            aria-describedby={hintId}
            onChange={(event) => setAmount(event.target.value)}
          />
          <p id={hintId} className="muted">
            {t('wallets.amountHint')}
          </p>
        </div>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={busy || !hydrated || (!applied && !canApplyCard({ active: wallet.active, applies: true, balanceMinor: wallet.balance }))}
        // A member may hold several wallets: each button names its own.
        aria-label={`${action}: ${wallet.title}`}
        onClick={() => call(wallet, applied ? { unapply: true } : { amount: amount.trim() })}
      >
        {action}
      </button>
      <MessageRegions message={message} />
    </div>
  );
}

/** The 'certificates' checkout slot (issue 11; spec §5 "Certificates: apply when active"). */
export function CertificatesBlock() {
  const t = useT();
  const found = useCards('certificate');
  if (!found) return null;
  return <CardList title={t('certificates.title')} found={found} applies={() => true} notHere={(card) => (card.active ? null : t('certificates.inactive'))} />;
}

/** The 'discountCards' checkout slot (issue 11; spec §5 "Discount cards: apply only for B2B or PKG price types with a positive markup"). */
export function DiscountCardsBlock() {
  const t = useT();
  const found = useCards('discount_card');
  if (!found) return null;
  const applies = found.storedValue.discountCardApplies;
  return <CardList title={t('discountCards.title')} found={found} applies={() => applies} notHere={() => (applies ? null : t('discountCards.notHere'))} />;
}

/** Certificates or discount cards: each with its value and, where it can be used, Apply/Unapply (its whole value, capped by the server). */
function CardList({
  title,
  found,
  applies,
  notHere,
}: {
  title: string;
  found: { flow: Flow; storedValue: CheckoutStoredValue; cards: HeldInstrument[] };
  applies: (card: HeldInstrument) => boolean;
  notHere: (card: HeldInstrument) => string | null;
}) {
  const titleId = useId();
  return (
    <section className="stored-value-block" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul className="stored-value-cards">
        {found.cards.map((card) => (
          <CardItem key={card.id} flow={found.flow} card={card} applied={appliedOf(found.storedValue, card)} applies={applies(card)} note={notHere(card)} />
        ))}
      </ul>
    </section>
  );
}

function CardItem({ flow, card, applied, applies, note }: { flow: Flow; card: HeldInstrument; applied: AppliedPart | undefined; applies: boolean; note: string | null }) {
  const t = useT();
  const { locale } = useShell();
  const { busy, hydrated, call, message } = useCardCall(flow);
  const money = (amountMinor: number, currency: string) => formatChargedAmount({ amountMinor, currency }, locale.language);
  const usable = canApplyCard({ active: card.active, applies, balanceMinor: card.balance });
  return (
    <li className="stored-value-card">
      <p>{t('cards.value', { name: card.title, amount: money(card.balance, card.currency) })}</p>
      {applied ? <p className="stored-value-applied">{t('cards.applied', { amount: money(applied.amountMinor, applied.currency) })}</p> : null}
      {note && !applied ? <p className="muted">{note}</p> : null}
      {applied || usable ? (
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !hydrated}
          aria-label={`${applied ? t('stored.unapply') : t('stored.apply')}: ${card.title}`}
          onClick={() => call(card, applied ? { unapply: true } : {})}
        >
          {applied ? t('stored.unapply') : t('stored.apply')}
        </button>
      ) : null}
      <MessageRegions message={message} />
    </li>
  );
}

import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { CheckoutBlock, CheckoutBlockType, CheckoutLayout } from '#schemas/layout.schema';
import type { checkoutSlotNames } from '#schemas/blocks.schema';
import { type PaymentBlockProps, PaymentAcknowledgement, PaymentOptions, PaymentProvider, PaymentSubmit } from '~/components/checkout/payment-block';
import { useT } from '~/components/shell-context';
import { CashCardBlock } from '~/components/checkout/stored-value/cash-card-block';
import { CouponBlock } from '~/components/checkout/stored-value/coupon-block';
import { CertificatesBlock, DiscountCardsBlock, WalletsBlock } from '~/components/checkout/stored-value/payment-cards-block';
import { PointsBlock } from '~/components/checkout/stored-value/points-block';

/**
 * What one product's checkout gives the layout (docs/decisions/0026). The product keeps what is
 * truly its own (the summary of a room, a flight, a car…); the layout decides which blocks show
 * and in what order.
 */
export type CheckoutParts = {
  /** Above the blocks: until when the offer is held, or that the hold lapsed. */
  notice: ReactNode;
  /** The 'checkout.summary' block's content; its heading has the id `summary-title`. */
  summary: (props: { showImage: boolean }) => ReactNode;
  price: ReactNode;
  traveler: ReactNode;
  /** Null until the offer is held and priced: the payment, acknowledgement and submit blocks wait. */
  payment: PaymentBlockProps | null;
  /** The page element's extra class and data attributes (the weeks' hold state machine). */
  frame?: { className?: string; data?: Record<`data-${string}`, string> };
};

type CheckoutSlotName = (typeof checkoutSlotNames)[number];

/** What fills each named slot; the membership issue adds its own. An empty slot renders nothing. */
export const checkoutSlots: Partial<Record<CheckoutSlotName, ComponentType>> = {
  coupons: CouponBlock,
  discountCards: DiscountCardsBlock,
  certificates: CertificatesBlock,
  cashCards: CashCardBlock,
  points: PointsBlock,
  wallets: WalletsBlock,
};

const checkoutBlocks: { [K in CheckoutBlockType]: (block: Extract<CheckoutBlock, { type: K }>, parts: CheckoutParts) => ReactNode } = {
  'checkout.summary': (block, parts) => (
    <section aria-labelledby="summary-title" className="checkout-summary">
      {parts.summary({ showImage: block.props?.showImage ?? true })}
    </section>
  ),
  'checkout.price': (_block, parts) => (parts.price ? <div className="checkout-price">{parts.price}</div> : null),
  'checkout.traveler': (_block, parts) => parts.traveler,
  'checkout.payment': () => <PaymentOptions />,
  'checkout.acknowledgement': () => <PaymentAcknowledgement />,
  'checkout.submit': (block) => <PaymentSubmit showMobileTotal={block.props?.showMobileTotal ?? true} />,
  'checkout.slot': (block) => {
    const Slot = checkoutSlots[block.props.name];
    return Slot ? <Slot /> : null;
  },
};

function renderBlock(block: CheckoutBlock, parts: CheckoutParts): ReactNode {
  // TypeScript cannot correlate the union member with its entry; the map's type guarantees it.
  const render = checkoutBlocks[block.type] as (block: CheckoutBlock, parts: CheckoutParts) => ReactNode;
  return render(block, parts);
}

/** A checkout page: its title, the hold notice, then the organisation's blocks in the layout's order. */
export function CheckoutPage({ layout, parts }: { layout: CheckoutLayout; parts: CheckoutParts }) {
  const t = useT();
  return (
    <div className={parts.frame?.className ? `checkout-page ${parts.frame.className}` : 'checkout-page'} {...parts.frame?.data}>
      <h1>{t('checkout.title')}</h1>
      {parts.notice}
      <PaymentProvider payment={parts.payment}>
        <div className="checkout-layout">
          {layout.blocks.map((block) => (
            <Fragment key={block.id}>{renderBlock(block, parts)}</Fragment>
          ))}
        </div>
      </PaymentProvider>
    </div>
  );
}

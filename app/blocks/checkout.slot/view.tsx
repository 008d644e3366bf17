import type { ComponentType } from 'react';
import { CashCardBlock } from '~/components/checkout/stored-value/cash-card-block';
import { CouponBlock } from '~/components/checkout/stored-value/coupon-block';
import { CertificatesBlock, DiscountCardsBlock, WalletsBlock } from '~/components/checkout/stored-value/payment-cards-block';
import { PointsBlock } from '~/components/checkout/stored-value/points-block';
import type { BlockProps } from '../block-list';
import type { checkoutSlotNames } from './schema';

/** What fills each named slot; the membership issue adds its own. An empty slot renders nothing. */
const checkoutSlots: Partial<Record<(typeof checkoutSlotNames)[number], ComponentType>> = {
  coupons: CouponBlock,
  discountCards: DiscountCardsBlock,
  certificates: CertificatesBlock,
  cashCards: CashCardBlock,
  points: PointsBlock,
  wallets: WalletsBlock,
};

export default function CheckoutSlotBlock({ block }: BlockProps<'checkout.slot'>) {
  const Slot = checkoutSlots[block.props.name];
  return Slot ? <Slot /> : null;
}

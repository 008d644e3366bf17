// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import CheckoutAcknowledgement from '../checkout.acknowledgement/view';
import CheckoutPayment from '../checkout.payment/view';
import CheckoutPrice from '../checkout.price/view';
import CheckoutSlot from '../checkout.slot/view';
import CheckoutSubmit from '../checkout.submit/view';
import CheckoutSummary from '../checkout.summary/view';
import CheckoutTraveler from '../checkout.traveler/view';

/** The views of the blocks checkout pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'checkout'> = {
  'checkout.acknowledgement': CheckoutAcknowledgement,
  'checkout.payment': CheckoutPayment,
  'checkout.price': CheckoutPrice,
  'checkout.slot': CheckoutSlot,
  'checkout.submit': CheckoutSubmit,
  'checkout.summary': CheckoutSummary,
  'checkout.traveler': CheckoutTraveler,
};

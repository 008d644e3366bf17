import { createContext, type ReactNode, useContext } from 'react';
import type { PaymentBlockProps } from '~/components/checkout/payment-block';

/**
 * What one product's checkout gives the layout's blocks (docs/decisions/0026). The product keeps
 * what is truly its own (the summary of a room, a flight, a car…); the layout decides which
 * blocks show and in what order. The checkout page hands it to the blocks (app/blocks/checkout.*).
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

const CheckoutPartsContext = createContext<CheckoutParts | null>(null);
export const CheckoutPartsProvider = CheckoutPartsContext.Provider;

export function useCheckoutParts(): CheckoutParts {
  const parts = useContext(CheckoutPartsContext);
  // Config validation keeps checkout blocks out of other layouts (app/domain/page-kinds.ts).
  if (!parts) throw new Error('checkout blocks render only inside a checkout page');
  return parts;
}

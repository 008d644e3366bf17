import { useCheckoutParts } from '~/checkout/checkout-parts';

export default function CheckoutTravelerBlock() {
  return <>{useCheckoutParts().traveler}</>;
}

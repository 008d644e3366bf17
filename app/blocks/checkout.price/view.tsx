import { useCheckoutParts } from '~/checkout/checkout-parts';

export default function CheckoutPriceBlock() {
  const { price } = useCheckoutParts();
  return price ? <div className="checkout-price">{price}</div> : null;
}

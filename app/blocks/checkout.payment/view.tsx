import { PaymentOptions } from '~/components/checkout/payment-block';

export default function CheckoutPaymentBlock() {
  return <PaymentOptions />;
}

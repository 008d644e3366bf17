import { PaymentAcknowledgement } from '~/components/checkout/payment-block';

export default function CheckoutAcknowledgementBlock() {
  return <PaymentAcknowledgement />;
}

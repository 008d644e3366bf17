import { PaymentSubmit } from '~/components/checkout/payment-block';
import type { BlockProps } from '../block-list';

export default function CheckoutSubmitBlock({ block }: BlockProps<'checkout.submit'>) {
  return <PaymentSubmit showMobileTotal={block.props?.showMobileTotal ?? true} />;
}

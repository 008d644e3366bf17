import { useCheckoutParts } from '~/checkout/checkout-parts';
import type { BlockProps } from '../block-list';

export default function CheckoutSummaryBlock({ block }: BlockProps<'checkout.summary'>) {
  const { summary } = useCheckoutParts();
  return (
    <section aria-labelledby="summary-title" className="checkout-summary">
      {summary({ showImage: block.props?.showImage ?? true })}
    </section>
  );
}

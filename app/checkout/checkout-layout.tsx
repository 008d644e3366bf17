import type { SerializeFrom } from '@remix-run/node';
import type { LayoutOf } from '#schemas/layout.schema';
import type { ResolvedBlock } from '~/blocks/data.server';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.checkout';
import { PaymentProvider } from '~/components/checkout/payment-block';
import { useT } from '~/components/shell-context';
import { type CheckoutParts, CheckoutPartsProvider } from './checkout-parts';

/** A checkout page: its title, the hold notice, then the organisation's blocks in the layout's order. */
export function CheckoutPage({ layout, parts }: { layout: LayoutOf<'checkout'>; parts: CheckoutParts }) {
  const t = useT();
  return (
    <div className={parts.frame?.className ? `checkout-page ${parts.frame.className}` : 'checkout-page'} {...parts.frame?.data}>
      <h1>{t('checkout.title')}</h1>
      {parts.notice}
      <PaymentProvider payment={parts.payment}>
        <CheckoutPartsProvider value={parts}>
          <div className="checkout-layout">
            {renderBlocks(
              BLOCK_VIEWS,
              // Checkout blocks need no data of their own: the product's parts are theirs.
              layout.blocks.map((block) => ({ kind: 'block', block, data: null })) as SerializeFrom<ResolvedBlock>[],
            )}
          </div>
        </CheckoutPartsProvider>
      </PaymentProvider>
    </div>
  );
}

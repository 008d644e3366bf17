import { useState } from 'react';
import { postJson } from '~/components/post-json';
import { answerText } from '~/domain/coupon-cash';
import type { useCheckoutPayment } from '~/components/checkout/payment-block';
import { useHydrated } from '~/components/use-hydrated';

type Flow = NonNullable<ReturnType<typeof useCheckoutPayment>>;

/**
 * One apply or unapply call of a points or card block: posted to its /api route, then the
 * checkout's loader runs again so the view, the applied parts and the payable total are the
 * server's. A refusal gives its message (null when it has none to show). `hydrated` is false
 * until React runs in the page: the blocks' buttons wait for it (a click before does nothing),
 * as the coupon and cash card blocks' do.
 */
export function useStoredValueCall(flow: Flow) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  async function send(url: string, body: Record<string, unknown>): Promise<{ ok: true } | { ok: false; message: string | null }> {
    setBusy(true);
    const answer = await postJson(url, body);
    setBusy(false);
    if (answer.status === 200) {
      flow.revalidator.revalidate();
      return { ok: true };
    }
    return { ok: false, message: answerText(answer.body, 'message') };
  }
  return { busy: busy || flow.revalidator.state === 'loading', hydrated, send };
}

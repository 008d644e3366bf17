import { useEffect, useState } from 'react';
import { postJson } from '~/components/post-json';
import type { useCheckoutPayment } from '~/components/checkout/payment-block';

type Flow = NonNullable<ReturnType<typeof useCheckoutPayment>>;

/**
 * One apply or unapply call of a stored-value block: posted to its /api route, then the
 * checkout's loader runs again so the view, the applied parts and the payable total are the
 * server's. Returns the refusal's message (null when there is none to show) or 'ok'.
 */
export function useStoredValueCall(flow: Flow) {
  const [busy, setBusy] = useState(false);
  async function send(url: string, body: Record<string, unknown>): Promise<{ ok: true } | { ok: false; message: string | null }> {
    setBusy(true);
    const answer = await postJson(url, body);
    setBusy(false);
    if (answer.status === 200) {
      flow.revalidator.revalidate();
      return { ok: true };
    }
    const message = typeof answer.body === 'object' && answer.body !== null && 'message' in answer.body ? answer.body.message : null;
    return { ok: false, message: typeof message === 'string' ? message : null };
  }
  return { busy: busy || flow.revalidator.state === 'loading', send };
}

/** A message shown for `ms`, then cleared (spec §9 message timings). */
export function useTimedMessage(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage];
}

import { useCallback, useEffect, useState } from 'react';
import { MESSAGE_MS } from '~/domain/instruments';

export type TimedMessage = { tone: 'success' | 'failure'; text: string };

/** A block's one message, cleared after `ms` (spec §9: 5 s for cash and coupon messages); a new message restarts the clock. */
export function useTimedMessage(ms = MESSAGE_MS): [TimedMessage | null, (message: TimedMessage) => void] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  // A copy: the same text shown again is a new message, and its clock starts again.
  const show = useCallback((next: TimedMessage) => setMessage({ ...next }), []);
  return [message, show];
}

/**
 * The block's live regions, in the page from the start so screen readers announce what appears
 * in them: successes politely (status), failures at once (alert).
 */
export function MessageRegions({ message }: { message: TimedMessage | null }) {
  return (
    <>
      <p role="status" className="stored-value-message">
        {message?.tone === 'success' ? message.text : null}
      </p>
      <p role="alert" className="field-error stored-value-message">
        {message?.tone === 'failure' ? message.text : null}
      </p>
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_MS } from '~/domain/instruments';

export type TimedMessage = { tone: 'success' | 'failure'; text: string };

/**
 * A block's one message. A success clears after `ms` (spec §9: 5 s); a failure stays until the
 * visitor acts again (`clear` as the next call starts, or the next message), so it is never
 * taken away before it is read (issue 15).
 */
export function useTimedMessage(ms = MESSAGE_MS): [TimedMessage | null, (message: TimedMessage) => void, () => void] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (message?.tone !== 'success') return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  // A copy: the same text shown again is a new message, and its clock starts again.
  const show = useCallback((next: TimedMessage) => setMessage({ ...next }), []);
  const clear = useCallback(() => setMessage(null), []);
  return [message, show, clear];
}

/**
 * The block's live regions, in the page from the start so screen readers announce what appears
 * in them: successes politely (status), failures at once (alert).
 */
export function MessageRegions({ message }: { message: TimedMessage | null }) {
  // A failure takes the focus: the visitor starts again from what went wrong.
  const failure = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message?.tone === 'failure') failure.current?.focus();
  }, [message]);
  return (
    <>
      <p role="status" className="stored-value-message">
        {message?.tone === 'success' ? message.text : null}
      </p>
      <p ref={failure} role="alert" tabIndex={-1} className="field-error stored-value-message">
        {message?.tone === 'failure' ? message.text : null}
      </p>
    </>
  );
}

// W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header a trusted
// proxy or load balancer sends, so our correlation id is the trace id the rest of the operator's
// stack already logs under (issue 38 item 7). Only version 00's shape is read; a later version is
// read by its first four fields, as the recommendation asks, and anything else is ignored.

export type TraceParent = { traceId: string; parentId: string; sampled: boolean };

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZERO = /^0+$/;

/** The trace a `traceparent` header names, or null when it is absent or malformed (then a new trace starts). */
export function parseTraceparent(header: string | undefined | null): TraceParent | null {
  const match = TRACEPARENT.exec((header ?? '').trim());
  if (!match) return null;
  const [, version, traceId, parentId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has exactly four fields.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(parentId)) return null;
  return { traceId, parentId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

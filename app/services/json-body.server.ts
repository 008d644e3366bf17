import { json } from '@remix-run/node';

/**
 * Bodies bigger than this are refused before parsing; a real payload is far smaller. The
 * server's byte-counting limit (server/body-limit.ts) already stops anything far larger
 * before it is read; this is the tighter bound of the JSON calls.
 */
const MAX_BODY_BYTES = 16 * 1024;

/** Reads a JSON body, or answers 413 (too large) or 400 (not JSON) saying what is wrong with it. */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const tooLarge = () => ({ ok: false as const, response: fail(413, `The request body is too large (at most ${MAX_BODY_BYTES} bytes)`) });
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) return tooLarge();
  // Bytes, not characters: a multi-byte body is as large as it is on the wire.
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) return tooLarge();
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { ok: false, response: fail(400, 'The request body is not valid JSON') };
  }
}

function fail(status: 400 | 413, message: string) {
  return json({ status, message }, { status });
}

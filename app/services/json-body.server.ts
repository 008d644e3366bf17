/**
 * Bodies bigger than this are refused before parsing; a real payload is far smaller. The
 * server's byte-counting limit (server/body-limit.ts) already stops anything far larger
 * before it is read; this is the tighter bound of the JSON calls.
 */
const MAX_BODY_BYTES = 16 * 1024;

type JsonValue = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a JSON body, or says why not: 413 (too large) or 400 (not JSON). /api routes read
 * their bodies through `readApiBody` (api-body.server.ts), which adds the schema.
 */
export async function readJsonValue(request: Request, options: { emptyIsObject?: boolean } = {}): Promise<JsonValue> {
  const tooLarge = { ok: false as const, status: 413 as const, message: `The request body is too large (at most ${MAX_BODY_BYTES} bytes)` };
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) return tooLarge;
  // Bytes, not characters: a multi-byte body is as large as it is on the wire.
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) return tooLarge;
  const text = new TextDecoder().decode(bytes);
  if (options.emptyIsObject && text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' };
  }
}

import { json } from '@remix-run/node';

/** Bodies bigger than this are refused before parsing; a real payload is far smaller. */
const MAX_BODY_BYTES = 16 * 1024;

/** Reads a JSON body, or answers 400 saying what is wrong with it. */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) return { ok: false, response: badRequest(`The request body is too large (at most ${MAX_BODY_BYTES} bytes)`) };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, response: badRequest(`The request body is too large (at most ${MAX_BODY_BYTES} bytes)`) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: badRequest('The request body is not valid JSON') };
  }
}


function badRequest(message: string) {
  return json({ status: 400, message }, { status: 400 });
}

// The one way an /api route reads its JSON body (docs/api.md "Request bodies"): the byte limit
// (413), the JSON parse (400), then the route's Ajv schema from schemas/api/ (400), each refusal
// naming the field. A route family keeps its own answer envelope (`fail`); the message is the same.
// Reading a body is the route layer's work: services take the checked, typed body.
import { json } from '@remix-run/node';
import { type ApiBodyValidator, apiBodyErrors } from '~/services/platform/api-body-schema.server';

/** How a route family answers a refused body; the house default is `{ status, message }`. */
export type ApiBodyFailure = (status: 400 | 413, message: string) => Response;
export const apiBodyFailure: ApiBodyFailure = (status, message) => json({ status, message }, { status });

export type ApiBodyResult<T> = { ok: true; body: T } | { ok: false; response: Response };

export const NOT_AN_OBJECT = '(root): must be object (the body must be a JSON object)';

/** Checks an already parsed body (a signed webhook parses it only after checking the signature). */
export function checkApiBody<T>(value: unknown, validate: ApiBodyValidator<T>, fail: ApiBodyFailure = apiBodyFailure): ApiBodyResult<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, response: fail(400, NOT_AN_OBJECT) };
  if (!validate(value)) return { ok: false, response: fail(400, apiBodyErrors(validate.errors).join('; ')) };
  return { ok: true, body: value };
}

/**
 * Bodies bigger than this are refused before parsing; a real payload is far smaller. The
 * server's byte-counting limit (server/body-limit.ts) already stops anything far larger
 * before it is read; this is the tighter bound of the JSON calls.
 */
const MAX_BODY_BYTES = 16 * 1024;

type JsonValue = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads a JSON body, or says why not: 413 (too large) or 400 (not JSON). `readApiBody` adds the schema. */
async function readJsonValue(request: Request, options: { emptyIsObject?: boolean } = {}): Promise<JsonValue> {
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

/**
 * Reads and checks the body of an /api call. `emptyIsObject`: a call whose fields are all
 * optional may come with no body at all (read as `{}`).
 */
export async function readApiBody<T>(request: Request, validate: ApiBodyValidator<T>, options: { fail?: ApiBodyFailure; emptyIsObject?: boolean } = {}): Promise<ApiBodyResult<T>> {
  const fail = options.fail ?? apiBodyFailure;
  const read = await readJsonValue(request, { emptyIsObject: options.emptyIsObject ?? false });
  if (!read.ok) return { ok: false, response: fail(read.status, read.message) };
  return checkApiBody(read.value, validate, fail);
}

/** readApiBody for a route that throws the refusal (Remix answers a thrown Response as it is). */
export async function requireApiBody<T>(request: Request, validate: ApiBodyValidator<T>, options: { fail?: ApiBodyFailure; emptyIsObject?: boolean } = {}): Promise<T> {
  const read = await readApiBody(request, validate, options);
  if (!read.ok) throw read.response;
  return read.body;
}

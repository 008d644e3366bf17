// The one way an /api route reads its JSON body (docs/api.md "Request bodies"): the byte limit
// (413), the JSON parse (400), then the route's Ajv schema from schemas/api/ (400), each refusal
// naming the field. A route family keeps its own answer envelope (`fail`); the message is the same.
import { json } from '@remix-run/node';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajv, formatAjvErrors } from './ajv.server';
import { readJsonValue } from './json-body.server';

/** A compiled body schema. Compile each one once, at module load, with `compileApiBody`. */
export type ApiBodyValidator<T> = ValidateFunction<T>;

/** Compiles an /api body schema (`schemas/api/*.schema.ts`) on the one Ajv instance. */
export function compileApiBody<T>(schema: Record<string, unknown>): ApiBodyValidator<T> {
  return ajv.compile<T>(schema);
}

/** How a route family answers a refused body; the house default is `{ status, message }`. */
export type ApiBodyFailure = (status: 400 | 413, message: string) => Response;
export const apiBodyFailure: ApiBodyFailure = (status, message) => json({ status, message }, { status });

export type ApiBodyResult<T> = { ok: true; body: T } | { ok: false; response: Response };

export const NOT_AN_OBJECT = '(root): must be object (the body must be a JSON object)';

/**
 * Reads and checks the body of an /api call. `emptyIsObject`: a call whose fields are all
 * optional may come with no body at all (read as `{}`).
 */
export async function readApiBody<T>(
  request: Request,
  validate: ApiBodyValidator<T>,
  options: { fail?: ApiBodyFailure; emptyIsObject?: boolean } = {},
): Promise<ApiBodyResult<T>> {
  const fail = options.fail ?? apiBodyFailure;
  const read = await readJsonValue(request, { emptyIsObject: options.emptyIsObject ?? false });
  if (!read.ok) return { ok: false, response: fail(read.status, read.message) };
  return checkApiBody(read.value, validate, fail);
}

/** Checks an already parsed body (a signed webhook parses it only after checking the signature). */
export function checkApiBody<T>(value: unknown, validate: ApiBodyValidator<T>, fail: ApiBodyFailure = apiBodyFailure): ApiBodyResult<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, response: fail(400, NOT_AN_OBJECT) };
  if (!validate(value)) return { ok: false, response: fail(400, apiBodyErrors(validate.errors).join('; ')) };
  return { ok: true, body: value };
}

/**
 * Ajv's errors as `field: what is wrong` lines. An unknown or missing field is named as the
 * field itself (`surprise: unrecognized property 'surprise'`), not as its parent object.
 */
export function apiBodyErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  const lines = new Set<string>();
  for (const error of errors ?? []) {
    const parent = error.instancePath.split('/').filter(Boolean);
    const p = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') lines.add(`${[...parent, String(p.additionalProperty)].join('.')}: unrecognized property '${String(p.additionalProperty)}'`);
    else if (error.keyword === 'required') lines.add(`${[...parent, String(p.missingProperty)].join('.')}: missing required property '${String(p.missingProperty)}'`);
    else for (const line of formatAjvErrors([error])) lines.add(line);
  }
  return [...lines];
}

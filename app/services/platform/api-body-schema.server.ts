// The schemas of /api bodies (docs/api.md "Request bodies"): compiled once on the one Ajv
// instance, checked with one message per field (`field: what is wrong`). Reading a body is the
// route's work (app/http/api-body.server.ts); services export their compiled schemas and take
// the checked, typed body.
import { json } from '@remix-run/node';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajv, formatAjvErrors } from './ajv.server';

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

// The schemas of /api bodies (docs/api.md "Request bodies"): compiled once on the one Ajv
// instance, their errors as one message per field (`field: what is wrong`). Reading and refusing
// a body is the route's work (app/http/api-body.server.ts); services take the checked, typed body.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajv, formatAjvErrors } from './ajv.server';

/** A compiled body schema. Compile each one once, at module load, with `compileApiBody`. */
export type ApiBodyValidator<T> = ValidateFunction<T>;

/** Compiles an /api body schema (`schemas/api/*.schema.ts`) on the one Ajv instance. */
export function compileApiBody<T>(schema: Record<string, unknown>): ApiBodyValidator<T> {
  return ajv.compile<T>(schema);
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

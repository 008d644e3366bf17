import { Ajv, type ErrorObject } from 'ajv';
import { dottedPath, pointerTokens } from '~/domain/config-bundle';
import { singleton } from '~/utils/singleton.server';

/** The one Ajv instance of the process. Validators are compiled once, at module load. */
export const ajv = singleton(
  'ajv',
  () =>
    new Ajv({
      allErrors: true,
      discriminator: true,
      strict: true,
      // A discriminated oneOf names its tag as required at the top, where no property declares it.
      strictRequired: false,
      useDefaults: false,
      allowUnionTypes: true,
    }),
);

/**
 * Turns Ajv's raw errors into readable `path: message` lines, de-duplicated.
 * Paths use dots (`pages.checkout.blocks.2.props`) rather than JSON pointers; a key holding a
 * dot is quoted (`copy.en-US."home.title"`), so the path still names one place.
 */
export function formatAjvErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  if (!errors) return [];
  const lines = new Set<string>();
  for (const error of errors) {
    // A oneOf failure repeats what its branches already said.
    if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const path = dottedPath(pointerTokens(error.instancePath));
    lines.add(`${path}: ${describe(error)}`);
  }
  return [...lines];
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unrecognized property '${String(p.additionalProperty)}'`;
    case 'required':
      return `missing required property '${String(p.missingProperty)}'`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'discriminator':
      return p.error === 'mapping' ? `unknown ${String(p.tag)} ${JSON.stringify(p.tagValue)}` : `missing or invalid ${String(p.tag)}`;
    default:
      return error.message ?? error.keyword;
  }
}

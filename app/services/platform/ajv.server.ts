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
 * Ajv's raw errors as readable problems, each once. Paths use dots (`pages.checkout.blocks.2.props`)
 * rather than JSON pointers; a key holding a dot is quoted (`copy.en-US."home.title"`), so the
 * path still names one place.
 */
export function ajvProblems(errors: readonly ErrorObject[] | null | undefined): { path: string; message: string }[] {
  const problems = new Map<string, { path: string; message: string }>();
  for (const error of errors ?? []) {
    // A oneOf failure repeats what its branches already said.
    if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const problem = { path: dottedPath(pointerTokens(error.instancePath)), message: describe(error) };
    problems.set(JSON.stringify(problem), problem);
  }
  return [...problems.values()];
}

/** Ajv's raw errors as readable `path: message` lines, each once. */
export function formatAjvErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return ajvProblems(errors).map(({ path, message }) => `${path}: ${message}`);
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

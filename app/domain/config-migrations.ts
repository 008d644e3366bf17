// Stored configurations survive schema change (docs/decisions/0063): every stored version names
// the schemaVersion it was written under, and these pure, ordered steps move it forward to
// CONFIG_SCHEMA_VERSION before anything reads it. A step never drops what it does not understand:
// an unknown block stays where it is, and the validator names it.
import { CONFIG_SCHEMA_VERSION, type RawBundle } from './config-bundle';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `object` with `key` set to `value`: in its place if present, else last. */
function withKey(object: JsonObject, key: string, value: unknown): JsonObject {
  return { ...object, [key]: value };
}

function without(object: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/**
 * Schema 1 → 2 (decision 0060, one page-kind mechanism): the sign-in, sign-up and forgot-password
 * layouts move from `auth.layouts` and the checkout's from `checkout` into `pages`, and each layout
 * names its kind (the page kind the organisation uses it for), after its id.
 */
function pagesForEveryKind(bundle: RawBundle): RawBundle {
  if (!isObject(bundle.org)) return bundle;
  let org = bundle.org;
  let pages: JsonObject = isObject(org.pages) ? org.pages : {};
  const auth = isObject(org.auth) ? org.auth : undefined;
  if (auth && isObject(auth.layouts)) {
    const named = auth.layouts;
    for (const [kind, key] of [
      ['sign-in', 'signIn'],
      ['sign-up', 'signUp'],
      ['forgot-password', 'forgotPassword'],
    ] as const) {
      if (named[key] !== undefined) pages = withKey(pages, kind, named[key]);
    }
    org = withKey(org, 'auth', without(auth, 'layouts'));
  }
  if (isObject(org.checkout)) {
    const { layout, byProduct } = org.checkout;
    pages = withKey(pages, 'checkout', byProduct === undefined ? layout : { default: layout, byProduct });
    org = without(org, 'checkout');
  }
  org = withKey(org, 'pages', pages);
  const kindOf = new Map<unknown, string>();
  for (const [kind, choice] of Object.entries(pages)) {
    for (const id of isObject(choice) ? [choice.default, ...Object.values(isObject(choice.byProduct) ? choice.byProduct : {})] : [choice]) kindOf.set(id, kind);
  }
  const layouts = Object.fromEntries(
    Object.entries(bundle.layouts).map(([id, layout]) => {
      if (!isObject(layout) || layout.kind !== undefined || !kindOf.has(id)) return [id, layout];
      const { id: ownId, ...rest } = layout;
      return [id, { id: ownId, kind: kindOf.get(id), ...rest }];
    }),
  );
  return { schemaVersion: 2, org, layouts };
}

/**
 * Schema 2 → 3 (issue 36): the ad banners join the configuration (`ads.items`, edited, versioned
 * and previewed like the rest). Until then they were rows the demo seeded, never configuration:
 * a version from before has none.
 */
function adsInTheConfig(bundle: RawBundle): RawBundle {
  const org = isObject(bundle.org) ? bundle.org : null;
  const ads = org && isObject(org.ads) ? org.ads : null;
  if (!org || !ads || ads.items !== undefined) return { ...bundle, schemaVersion: 3 };
  return { ...bundle, schemaVersion: 3, org: withKey(org, 'ads', withKey(ads, 'items', [])) };
}

/** Step `n` moves a bundle from schema n + 1 to n + 2 (index 0: 1 → 2). */
export const CONFIG_MIGRATIONS: readonly ((bundle: RawBundle) => RawBundle)[] = [pagesForEveryKind, adsInTheConfig];

export class UnknownSchemaVersionError extends Error {}

/** The bundle moved forward to CONFIG_SCHEMA_VERSION, one step at a time; a newer one is refused. */
export function migrateBundle(bundle: RawBundle): RawBundle {
  if (!Number.isInteger(bundle.schemaVersion) || bundle.schemaVersion < 1 || bundle.schemaVersion > CONFIG_SCHEMA_VERSION) {
    throw new UnknownSchemaVersionError(`configuration schema version ${String(bundle.schemaVersion)} is not one this code reads (1 to ${CONFIG_SCHEMA_VERSION})`);
  }
  let current = bundle;
  while (current.schemaVersion < CONFIG_SCHEMA_VERSION) {
    const step = CONFIG_MIGRATIONS[current.schemaVersion - 1]!;
    const next = step(current);
    if (next.schemaVersion !== current.schemaVersion + 1) throw new Error(`configuration migration ${current.schemaVersion} did not move one version forward`);
    current = next;
  }
  return current;
}

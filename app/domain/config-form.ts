// The JSON Schemas as the console's generated forms show them (docs/decisions/0064), pure: the
// server prepares them once for the editor, which never loads the schemas' modules itself. A form
// edits a section of the organisation's config or one block; the one validator's problems reach
// it by JSON Pointer, as the error tree react-jsonschema-form puts beside each field.
import { pointerTokens } from './config-bundle';
import { COLOR_PATTERN } from './contrast';

type Schema = Record<string, unknown>;
type Problem = { pointer: string; message: string };

/** `headerVersion` → "Header version", `initialPriceMinor` → "Initial price minor", `en-US` stays. */
export function humanise(key: string): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) return key;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a `oneOf` branch fixes its discriminating property to, to name the branch by. */
function constOf(branch: Schema, tag: string | undefined): string | undefined {
  const property = tag && isSchema(branch.properties) ? (branch.properties as Record<string, Schema>)[tag] : undefined;
  return property && typeof property.const === 'string' ? property.const : undefined;
}

/**
 * The schema with a title on every property (its key, readable) and on every branch of a
 * discriminated `oneOf` (the value of its tag: "zendesk", "tawkto"), so the form's labels and the
 * choices between branches read as words. Nothing the validator checks changes.
 */
export function consoleSchema(schema: unknown, title?: string): Schema {
  if (!isSchema(schema)) return {};
  const out: Schema = { ...schema };
  if (title !== undefined && out.title === undefined) out.title = title;
  if (isSchema(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, consoleSchema(value, humanise(key))]));
  }
  if (isSchema(schema.additionalProperties)) out.additionalProperties = consoleSchema(schema.additionalProperties);
  if (isSchema(schema.items)) out.items = consoleSchema(schema.items);
  const tag = isSchema(schema.discriminator) ? String(schema.discriminator.propertyName) : undefined;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) out[keyword] = branches.map((branch: unknown, i) => consoleSchema(branch, constOf(branch as Schema, tag) ?? `Choice ${i + 1}`));
  }
  return out;
}

/** A string field long enough to be a template or a document is written in a text area. */
const LONG_TEXT = 1000;

type UiSchema = { [key: string]: UiSchema | string | boolean | Record<string, unknown> };

/**
 * How each field is entered, from its schema: a colour picker for colours, a text area for long
 * texts, read-only where `readOnly` names a top-level key (an organisation's id and number, which
 * other records point at).
 */
export function consoleUiSchema(schema: unknown, readOnly: readonly string[] = []): UiSchema {
  if (!isSchema(schema)) return {};
  if (schema.type === 'string' && schema.pattern === COLOR_PATTERN) return { 'ui:widget': 'color' };
  if (schema.type === 'string' && typeof schema.maxLength === 'number' && schema.maxLength >= LONG_TEXT) return { 'ui:widget': 'textarea', 'ui:options': { rows: 6 } };
  const ui: UiSchema = {};
  if (isSchema(schema.properties)) {
    for (const [key, value] of Object.entries(schema.properties)) {
      const inner = consoleUiSchema(value);
      ui[key] = readOnly.includes(key) ? { ...inner, 'ui:readonly': true } : inner;
    }
  }
  if (isSchema(schema.additionalProperties)) ui.additionalProperties = consoleUiSchema(schema.additionalProperties);
  if (isSchema(schema.items)) ui.items = consoleUiSchema(schema.items);
  return ui;
}

/** The error tree react-jsonschema-form shows beside each field: `{ theme: { colors: { primary: { __errors: [...] } } } }`. */
export type ErrorTree = { __errors?: string[]; [key: string]: ErrorTree | string[] | undefined };

/** A list of unique picks from a fixed set (products, sign-up modes): the form shows it as one field of checkboxes. */
const isMultipleChoice = (schema: Schema) => schema.type === 'array' && schema.uniqueItems === true && isSchema(schema.items) && Array.isArray(schema.items.enum);

/**
 * The field of a form over `schema` that shows a problem at `tokens` (relative to the form's
 * value): the field itself, or the multiple choice a wrong pick belongs to, which the form draws
 * as one field.
 */
export function fieldTokensOf(schema: unknown, tokens: readonly string[]): string[] {
  let node: unknown = schema;
  for (let i = 0; i < tokens.length; i += 1) {
    if (!isSchema(node)) break;
    if (isMultipleChoice(node)) return tokens.slice(0, i);
    const token = tokens[i]!;
    const branches = [node, ...((node.oneOf ?? node.anyOf ?? []) as Schema[])];
    const properties = branches.map((b) => (isSchema(b.properties) ? (b.properties as Record<string, unknown>)[token] : undefined)).find(Boolean);
    node = properties ?? (isSchema(node.additionalProperties) ? node.additionalProperties : isSchema(node.items) ? node.items : undefined);
  }
  return [...tokens];
}

/** The problems at `pointer` or under it. */
export function problemsUnder<P extends Problem>(problems: readonly P[], pointer: string): P[] {
  return problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));
}

/**
 * The problems at or under `base` (`/org`, `/layouts/home.business/blocks/2`) as the error tree of
 * the form over `schema` that edits the value at `base`, each message on the field that shows it.
 */
export function errorTreeOf(problems: readonly Problem[], base: string, schema?: unknown): ErrorTree {
  // Keys are the config's own (a copy key may be `__proto__`): nodes without a prototype, own keys only.
  const tree: ErrorTree = Object.create(null) as ErrorTree;
  for (const problem of problemsUnder(problems, base)) {
    let node = tree;
    for (const token of fieldTokensOf(schema, pointerTokens(problem.pointer.slice(base.length)))) {
      const next = Object.hasOwn(node, token) ? (node[token] as ErrorTree) : (Object.create(null) as ErrorTree);
      node[token] = next;
      node = next;
    }
    node.__errors = [...(node.__errors ?? []), problem.message];
  }
  return tree;
}

/**
 * A block's problems split by where they show: those under its `variant` or `props` on the fields
 * of its form (when its type has one), the rest (its type, its id, the block as a whole) in the
 * block's own list.
 */
export function splitBlockProblems<P extends Problem>(problems: readonly P[], blockPointer: string, hasForm: boolean): { onForm: P[]; onBlock: P[] } {
  const onForm = hasForm ? [...problemsUnder(problems, `${blockPointer}/variant`), ...problemsUnder(problems, `${blockPointer}/props`)] : [];
  return { onForm, onBlock: problems.filter((p) => !onForm.includes(p)) };
}

/**
 * The console's sections of an organisation's config, each a generated form over some of its
 * top-level keys. Every key of the schema is in exactly one (config-form.test.ts), so every field
 * and every problem has a place.
 */
export const ORG_SECTIONS = [
  {
    id: 'site',
    label: 'Site',
    keys: ['orgId', 'orgNumber', 'name', 'isDefault', 'audience', 'hosts', 'publicOrigin', 'headerVersion', 'timeZone', 'locale', 'products', 'map', 'support', 'copy'],
  },
  { id: 'theme', label: 'Theme', keys: ['theme'] },
  { id: 'auth', label: 'Sign-in', keys: ['auth'] },
  { id: 'ads', label: 'Ads', keys: ['ads'] },
  { id: 'chat', label: 'Chat', keys: ['chat'] },
  { id: 'payments', label: 'Payments', keys: ['payments'] },
  { id: 'membership', label: 'Membership plans', keys: ['membership'] },
  { id: 'booking', label: 'Bookings and e-mails', keys: ['booking'] },
  { id: 'fraud', label: 'Fraud rules', keys: ['fraud'] },
  { id: 'legal', label: 'Legal', keys: ['legal'] },
  { id: 'pages', label: 'Pages', keys: ['pages'] },
] as const;

/** Keys the console shows but does not let an admin change: other records point at them. */
export const READ_ONLY_KEYS = ['orgId', 'orgNumber'] as const;

/** The section of the console where a problem with this pointer shows: an org section, a layout's page kind (`layout:<id>`), or the site for the config as a whole. */
export function consoleSectionOf(pointer: string): string {
  const [part, key] = pointerTokens(pointer);
  if (part === 'layouts') return `layout:${key ?? ''}`;
  return ORG_SECTIONS.find((section) => (section.keys as readonly string[]).includes(key ?? ''))?.id ?? 'site';
}

/** The part of the org schema one section's form edits: its keys, with what the whole requires of them. */
export function sectionSchema(orgSchema: Schema, keys: readonly string[]): Schema {
  const properties = (orgSchema.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(orgSchema.required) ? (orgSchema.required as string[]).filter((key) => keys.includes(key)) : [];
  return { type: 'object', properties: Object.fromEntries(keys.filter((key) => key in properties).map((key) => [key, properties[key]])), required };
}

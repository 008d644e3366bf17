// Issue 36 acceptance 2: a corpus of broken configurations, at least one per schema keyword the
// org config and the layouts use and one per semantic rule of the one validator. For each, every
// problem lands on a visible field or block of the console (the real generated form, rendered,
// shows the message under the field its pointer names; a block's or a layout's own problems are in
// its list), and publishing the draft is refused.
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgConfigSchema } from '#schemas/org-config.schema';
import { layoutSchema } from '#schemas/layout.schema';
import { SchemaForm } from '~/components/admin/schema-form';
import { type RawBundle, escapePointerToken, pointerTokens } from '~/domain/config-bundle';
import { problemTextIn } from '~/domain/config-problem-text';
import { layoutIdsNamed } from '~/domain/page-layout-ids';
import { ORG_SECTIONS, fieldTokensOf, sectionSchema, splitBlockProblems } from '~/domain/config-form';
import { CONSOLE_FORMS, type ConsoleProblem, consoleProblems } from '~/services/config/config-console.server';
import { readConfigFiles } from '~/services/config/config-check.server';
import { headOf, problemsOf, publishDraft, saveDraft, seedConfigStore } from '~/services/config/config-store.server';
import { useSeededDatabase } from '../support/databases';

const ROOT = join(__dirname, '..', '..');
const ORG = 'voyagerpro';
const seedBundle = readConfigFiles(ROOT).sources.find((s) => s.file === `org-configs/${ORG}.json`)!.bundle;

type Json = unknown;
type Schema = Record<string, unknown>;
/** One broken configuration: what it breaks, and how. */
type Case = { name: string; keyword?: string; rule?: string; break: (bundle: RawBundle) => void };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets the value at `tokens` inside `root` (which must exist up to the last token); `undefined` deletes. */
function setIn(root: Json, tokens: readonly string[], value: Json): void {
  const parent = tokens.slice(0, -1).reduce<Json>((node, token) => (node as Record<string, Json>)[token], root) as Record<string, Json>;
  const last = tokens.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/** A value of another JSON type than `type` says. */
function wrongType(type: unknown): Json {
  const types = Array.isArray(type) ? type : [type];
  return types.includes('string') ? 42 : 'not-a-thing';
}

/**
 * Walks a schema beside the seeded value it describes and proposes, at each place, a value that
 * breaks one keyword there. One case per keyword and schema place (a map's or a list's entries
 * count once), so every keyword the schemas use is broken somewhere the seeded config has data.
 */
function keywordCases(schema: unknown, value: Json, tokens: string[], where: (tokens: string[]) => string[], out: Map<string, Case>, place = ''): void {
  if (!isObject(schema)) return;
  // `const` appears only as the tag of a discriminated oneOf: the `discriminator` case breaks it.
  const add = (keyword: string, broken: Json, at: string[] = tokens) => {
    const key = `${keyword} ${place}`;
    if (out.has(key)) return;
    const path = where(at);
    out.set(key, { name: `${keyword} at ${path.join('/')}`, keyword, break: (bundle) => setIn(bundle, path, structuredClone(broken)) });
  };
  if (schema.type !== undefined) add('type', wrongType(schema.type));
  if (typeof schema.pattern === 'string' && typeof value === 'string') add('pattern', '!! no match !!');
  if (Array.isArray(schema.enum)) add('enum', '__not-one-of-them__');
  if (typeof schema.minLength === 'number' && schema.minLength > 0) add('minLength', '');
  if (typeof schema.maxLength === 'number') add('maxLength', 'x'.repeat(schema.maxLength + 1));
  if (typeof schema.minimum === 'number') add('minimum', schema.minimum - 1);
  if (typeof schema.maximum === 'number') add('maximum', schema.maximum + 1);
  if (typeof schema.exclusiveMinimum === 'number') add('exclusiveMinimum', schema.exclusiveMinimum);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && schema.minItems > 0) add('minItems', []);
    if (typeof schema.maxItems === 'number' && value.length > 0)
      add(
        'maxItems',
        Array.from({ length: schema.maxItems + 1 }, () => value[0]),
      );
    if (schema.uniqueItems === true && value.length > 0) add('uniqueItems', [...value, value[0]]);
    if (value.length > 0) keywordCases(schema.items, value[0], [...tokens, '0'], where, out, `${place}/[]`);
  }
  if (isObject(value)) {
    if (Array.isArray(schema.required) && schema.required.length > 0) {
      const missing = schema.required.find((key) => typeof key === 'string' && key !== 'kind' && key !== 'type' && key !== 'id' && key in value) as string | undefined;
      if (missing) add('required', undefined, [...tokens, missing]);
    }
    if (schema.additionalProperties === false) add('additionalProperties', { ...value, unexpectedSetting: true });
    if (typeof schema.minProperties === 'number' && schema.minProperties > 0) add('minProperties', {});
    const entries = Object.entries(value);
    if (isObject(schema.propertyNames) && entries.length > 0) add('propertyNames', { ...value, 'not a valid name!': entries[0]![1] });
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, inner] of entries) {
      if (key in properties) keywordCases(properties[key], inner, [...tokens, key], where, out, `${place}/${key}`);
    }
    const extra = entries.find(([key]) => !(key in properties));
    if (extra && isObject(schema.additionalProperties)) keywordCases(schema.additionalProperties, extra[1], [...tokens, extra[0]], where, out, `${place}/*`);
    const tag = isObject(schema.discriminator) ? String(schema.discriminator.propertyName) : undefined;
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (tag && branches) {
      add('discriminator', '__unknown-kind__', [...tokens, tag]);
      const branch = branches.find((b) => isObject(b.properties) && (b.properties[tag] as Schema | undefined)?.const === value[tag]);
      keywordCases(branch, value, tokens, where, out, `${place}<${String(value[tag])}>`);
    } else if (branches) {
      add('anyOf', 42);
      const branch = branches.find((b) => (b.type === 'object') === isObject(value));
      keywordCases(branch, value, tokens, where, out, `${place}<${String(branches.indexOf(branch!))}>`);
    }
  } else if (Array.isArray(schema.anyOf ?? schema.oneOf)) {
    add('anyOf', 42);
  }
}

const org = (bundle: RawBundle) => bundle.org as Record<string, any>;
const layout = (bundle: RawBundle, id: string) => bundle.layouts[id] as { kind: string; id: string; blocks: { id: string; type: string; props?: any }[] };
const homeLayout = () => (seedBundle.org as { pages: { home: string } }).pages.home;
const checkoutLayout = () => {
  const choice = (seedBundle.org as { pages: { checkout: string | { default: string } } }).pages.checkout;
  return typeof choice === 'string' ? choice : choice.default;
};

/** Keywords at places the seeded config leaves empty. */
const MORE_KEYWORD_CASES: Case[] = [
  { name: 'type at org/copy/en-US/"home.title" (a key with a dot)', keyword: 'type', break: (b) => void (org(b).copy = { 'en-US': { 'home.title': 42 } }) },
  { name: 'exclusiveMinimum at org/membership/memberRates/HLT', keyword: 'exclusiveMinimum', break: (b) => void (org(b).membership.memberRates = { HLT: 0 }) },
];

/** One case per semantic rule of the one validator (config-check.server.ts, page-kinds.ts): what the schemas cannot say. */
const RULE_CASES: Case[] = [
  {
    name: 'two fraud rules with one id',
    rule: 'fraud.rules.id',
    break: (b) => {
      const rule = { id: 'review-new-accounts', action: 'review', mode: 'enforce', when: [{ signal: 'accountAgeDays', op: 'lte', value: 1 }] };
      org(b).fraud = { rules: [rule, { ...rule, action: 'block' }] };
    },
  },
  {
    name: 'a fraud rule that orders a non-number',
    rule: 'fraud.rules.when.value',
    break: (b) => void (org(b).fraud = { rules: [{ id: 'block-big-amounts', action: 'block', mode: 'shadow', when: [{ signal: 'amountToMedian', op: 'gte', value: 'ten' }] }] }),
  },
  { name: 'orgId must match the file', rule: 'orgId', break: (b) => void (org(b).orgId = 'voyager-other') },
  { name: 'unknown time zone', rule: 'timeZone', break: (b) => void (org(b).timeZone = 'Mars/Olympus_Mons') },
  { name: 'unknown language', rule: 'locale.languages', break: (b) => void org(b).locale.languages.push('xx-XX') },
  { name: 'unknown currency', rule: 'locale.currencies', break: (b) => void org(b).locale.currencies.push('XXQ') },
  { name: 'default language not offered', rule: 'locale.defaultLanguage', break: (b) => void (org(b).locale.defaultLanguage = 'fr-FR') },
  { name: 'default currency not offered', rule: 'locale.defaultCurrency', break: (b) => void (org(b).locale.defaultCurrency = 'JPY') },
  { name: 'merchant account for a currency not offered', rule: 'payments.merchantAccounts', break: (b) => void ((org(b).payments.merchantAccounts ??= {}).MXN = 'mxn-account') },
  {
    name: 'merchant account in a currency without cents',
    rule: 'payments.merchantAccounts.digits',
    break: (b) => {
      org(b).locale.currencies.push('JPY');
      (org(b).payments.merchantAccounts ??= {}).JPY = 'jpy-account';
    },
  },
  { name: 'unknown layout named by a page', rule: 'pages.unknown', break: (b) => void (org(b).pages.home = 'home.nowhere') },
  { name: 'layout of another kind named by a page', rule: 'pages.kind', break: (b) => void (org(b).pages['privacy-policy'] = homeLayout()) },
  {
    name: 'invitation sign-up without the invitation block',
    rule: 'auth.signupModes',
    break: (b) => {
      org(b).auth.signupModes = [...new Set([...org(b).auth.signupModes, 'invitation'])];
      const signUp = layout(b, org(b).pages['sign-up']);
      signUp.blocks = signUp.blocks.filter((block) => block.type !== 'auth.invitationCode');
    },
  },
  { name: 'public origin not one of the hosts', rule: 'publicOrigin', break: (b) => void (org(b).publicOrigin = 'https://elsewhere.example') },
  { name: 'dunning retries out of order', rule: 'membership.dunning', break: (b) => void (org(b).membership.dunning = { ...org(b).membership.dunning, retryAfterDays: [5, 3] }) },
  { name: 'duplicate plan code', rule: 'plans.code', break: (b) => void org(b).membership.plans.push(structuredClone(org(b).membership.plans[0])) },
  { name: 'plan in another currency', rule: 'plans.currency', break: (b) => void (org(b).membership.plans[0].currency = 'EUR') },
  {
    name: 'plan that lasts no time',
    rule: 'plans.validity',
    break: (b) => Object.assign(org(b).membership.plans[0], { chargeAfterDays: 0, validity: { years: 0, months: 0 } }),
  },
  {
    name: 'renewable plan renewing for no time',
    rule: 'plans.autoValidity',
    break: (b) => Object.assign(org(b).membership.plans[0], { renewable: true, autoValidity: { years: 0, months: 0 } }),
  },
  { name: 'trial that does not renew', rule: 'plans.renewable', break: (b) => Object.assign(org(b).membership.plans[0], { chargeAfterDays: 14, renewable: false }) },
  {
    name: 'plan without the default language',
    rule: 'plans.texts.default',
    break: (b) => {
      const texts = org(b).membership.plans[0].texts;
      texts['es-MX'] ??= structuredClone(texts['en-US']);
      delete texts['en-US'];
    },
  },
  {
    name: 'plan text in a language not offered',
    rule: 'plans.texts.language',
    break: (b) => void (org(b).membership.plans[0].texts['fr-FR'] = structuredClone(org(b).membership.plans[0].texts['en-US'])),
  },
  { name: 'plan description with a script', rule: 'plans.texts.html', break: (b) => void (org(b).membership.plans[0].texts['en-US'].html = '<script>alert(1)</script>') },
  { name: 'plan description with raw output', rule: 'plans.texts.html.raw', break: (b) => void (org(b).membership.plans[0].texts['en-US'].html = '<p>{{{name}}}</p>') },
  {
    name: 'e-mail without the default language',
    rule: 'booking.emails.default',
    break: (b) => {
      const confirmed = org(b).booking.emails.confirmed;
      confirmed['es-MX'] ??= structuredClone(confirmed['en-US']);
      delete confirmed['en-US'];
    },
  },
  {
    name: 'e-mail in a language not offered',
    rule: 'booking.emails.language',
    break: (b) => void (org(b).booking.emails.confirmed['fr-FR'] = structuredClone(org(b).booking.emails.confirmed['en-US'])),
  },
  {
    name: 'e-mail subject naming an unknown value',
    rule: 'booking.emails.subject',
    break: (b) => void (org(b).booking.emails.confirmed['en-US'].subject = 'Hello {{nobodyKnowsThis}}'),
  },
  { name: 'e-mail body that does not compile', rule: 'booking.emails.body', break: (b) => void (org(b).booking.emails.confirmed['en-US'].body = 'Dear {{#if}}') },
  { name: 'duplicate ad id', rule: 'ads.id', break: (b) => void org(b).ads.items.push({ ...structuredClone(org(b).ads.items[0]), priority: 99 }) },
  { name: 'ad that ends before it starts', rule: 'ads.dates', break: (b) => Object.assign(org(b).ads.items[0], { startsOn: '2027-05-10', endsOn: '2027-05-01' }) },
  { name: 'copy in a language not offered', rule: 'copy.language', break: (b) => void ((org(b).copy ??= {})['fr-FR'] = { 'home.title': 'Bonjour' }) },
  { name: 'layout id not its file name', rule: 'layout.id', break: (b) => void (layout(b, homeLayout()).id = 'home.somewhere-else') },
  { name: 'duplicate block id', rule: 'layout.blockId', break: (b) => void layout(b, homeLayout()).blocks.push(structuredClone(layout(b, homeLayout()).blocks[0]!)) },
  { name: 'block of another page kind', rule: 'layout.type', break: (b) => void layout(b, homeLayout()).blocks.push({ id: 'stray', type: 'checkout.payment' }) },
  { name: 'retired block type', rule: 'layout.retired', break: (b) => void layout(b, homeLayout()).blocks.push({ id: 'old', type: 'home.retiredCarousel' }) },
  {
    name: 'page without a block it needs',
    rule: 'layout.requires',
    break: (b) => void (layout(b, checkoutLayout()).blocks = layout(b, checkoutLayout()).blocks.filter((block) => block.type !== 'checkout.payment')),
  },
  {
    name: 'page holding a once-only block twice',
    rule: 'layout.once',
    break: (b) => {
      const blocks = layout(b, checkoutLayout()).blocks;
      const payment = blocks.find((block) => block.type === 'checkout.payment')!;
      blocks.push({ ...structuredClone(payment), id: 'payment-again' });
    },
  },
  {
    name: 'too many blocks',
    rule: 'layout.max',
    break: (b) => {
      const blocks = layout(b, homeLayout()).blocks;
      for (let i = 0; i < 31; i += 1) blocks.push({ id: `text-${i}`, type: 'content.text', props: { text: 'x' } });
    },
  },
  {
    name: 'mobile total hidden without a price block',
    rule: 'layout.showMobileTotal',
    break: (b) => {
      const blocks = layout(b, checkoutLayout()).blocks;
      const summary = blocks.find((block) => block.type === 'checkout.summary');
      layout(b, checkoutLayout()).blocks = blocks.filter((block) => block.type !== 'checkout.price');
      if (summary) summary.props = { ...summary.props, showMobileTotal: false };
    },
  },
];

function corpus(): Case[] {
  const found = new Map<string, Case>();
  keywordCases(orgConfigSchema, seedBundle.org, [], (tokens) => ['org', ...tokens], found, 'org');
  for (const [id, value] of Object.entries(seedBundle.layouts)) {
    keywordCases(layoutSchema, value, [], (tokens) => ['layouts', id, ...tokens], found, `layout:${(value as { kind: string }).kind}`);
  }
  return [...found.values(), ...MORE_KEYWORD_CASES, ...RULE_CASES];
}

/** The forms the console ships. */
const forms = { org: CONSOLE_FORMS.org, block: (type: string) => CONSOLE_FORMS.blocks[type] };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The messages the rendered form shows under the field with id `fieldId`. */
function messagesUnder(html: string, fieldId: string): string {
  const start = html.indexOf(`id="${fieldId}__error"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</ul>', start));
}

/** The layout ids the org's pages name: the layouts the console shows, by page kind. */
/** Where the console shows `problem` for `bundle`, or why it would not be seen. */
function placeOf(bundle: RawBundle, problem: ConsoleProblem): { shown: true } | { shown: false; why: string } {
  const tokens = pointerTokens(problem.pointer);
  if (tokens[0] === 'layouts') {
    const layoutId = tokens[1]!;
    if (!layoutIdsNamed(bundle.org).includes(layoutId)) return { shown: false, why: `layout ${layoutId} is on no page` };
    if (tokens[2] !== 'blocks' || tokens[3] === undefined || !/^\d+$/.test(tokens[3])) return { shown: true }; // the layout's own list
    const blockPointer = `/layouts/${escapePointerToken(layoutId)}/blocks/${tokens[3]}`;
    const block = (bundle.layouts[layoutId] as { blocks: { id: string; type: string; variant?: unknown; props?: unknown }[] }).blocks[Number(tokens[3])]!;
    const form = forms.block(block.type);
    const { onForm } = splitBlockProblems([problem], blockPointer, form !== undefined);
    if (onForm.length === 0) return { shown: true }; // the block's own list
    const html = renderToString(
      createElement(SchemaForm, {
        idPrefix: `block-${block.id}`,
        schema: form!.schema,
        uiSchema: form!.ui,
        value: { variant: block.variant, props: block.props },
        base: blockPointer,
        problems: onForm,
        onChange: () => {},
      }),
    );
    const fieldId = [`block-${block.id}`, ...fieldTokensOf(form!.schema, tokens.slice(4))].join('_');
    return messagesUnder(html, fieldId).includes(escapeHtml(problem.message)) ? { shown: true } : { shown: false, why: `not under #${fieldId}` };
  }
  const section = ORG_SECTIONS.find((s) => s.id === problem.section);
  if (!section) return { shown: false, why: `no section ${problem.section}` };
  const keys = section.keys as readonly string[];
  const value = Object.fromEntries(
    keys.filter((key) => (bundle.org as Record<string, unknown>)[key] !== undefined).map((key) => [key, (bundle.org as Record<string, unknown>)[key]]),
  );
  const schema = sectionSchema(forms.org.schema, keys);
  const html = renderToString(
    createElement(SchemaForm, {
      idPrefix: 'org',
      schema,
      uiSchema: forms.org.ui,
      value,
      base: '/org',
      problems: [problem],
      onChange: () => {},
    }),
  );
  const fieldId = ['org', ...fieldTokensOf(schema, tokens.slice(1))].join('_');
  return messagesUnder(html, fieldId).includes(escapeHtml(problem.message)) ? { shown: true } : { shown: false, why: `not under #${fieldId}` };
}

describe('a corpus of broken configurations', () => {
  const database = useSeededDatabase('pglite');
  const cases = corpus();
  beforeAll(async () => seedConfigStore(database.db, readConfigFiles(ROOT).sources));

  it('holds at least 60 cases: every keyword the schemas use, every semantic rule', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const keywords = new Set(cases.map((c) => c.keyword).filter(Boolean));
    for (const keyword of [
      'type',
      'required',
      'additionalProperties',
      'enum',
      'pattern',
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'minItems',
      'uniqueItems',
      'propertyNames',
      'minProperties',
      'discriminator',
      'anyOf',
    ]) {
      expect(keywords, keyword).toContain(keyword);
    }
  });

  it.each(corpus().map((c) => [c.name, c] as const))('%s: every problem on a visible field or block, and publishing refused', async (_name, broken) => {
    const bundle = structuredClone(seedBundle);
    broken.break(bundle);
    const problems = consoleProblems(await problemsOf(database.db, ORG, bundle));
    expect(problems.length, 'the validator finds the problem').toBeGreaterThan(0);
    expect(
      problems.filter((p) => problemTextIn(p.message, 'es-MX') === null).map((p) => p.message),
      'said in Spanish too',
    ).toEqual([]);
    const unseen = problems.map((problem) => ({ problem, place: placeOf(bundle, problem) })).filter(({ place }) => !place.shown);
    expect(unseen).toEqual([]);

    const head = (await headOf(database.db, ORG))!;
    const saved = await saveDraft(database.db, { orgId: ORG, baseId: head.draftId, bundle, actor: { userId: null, name: 'corpus' }, note: broken.name });
    expect(saved.kind, 'a broken draft still saves').toBe('saved');
    const published = await publishDraft(database.db, {
      orgId: ORG,
      versionId: (saved as { version: { id: number } }).version.id,
      actor: { userId: null, name: 'corpus' },
      note: broken.name,
    });
    expect(published.kind).toBe('invalid');
  });
});

// The one validator of organisation configurations (docs/decisions/0063): boot, CI
// (validate:configs), import and the admin console all call checkBundles. Ajv checks each file's
// schema; the rules here say what a schema cannot (cross references, templates, uniqueness across
// organisations). Each problem names its file and dotted path, which pointerOfProblem turns into a
// JSON Pointer into the stored bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Layout, layoutSchema } from '#schemas/layout.schema';
import { BLOCK_SCHEMAS } from '#schemas/blocks.schema';
import { type OrgConfig, orgConfigSchema } from '#schemas/org-config.schema';
import { CONFIG_SCHEMA_VERSION, type RawBundle } from '~/domain/config-bundle';
import { PAGE_KIND_NAMES, type PageKind, isPageKind, layoutProblems } from '~/domain/page-kinds';
import { publicOriginProblems } from '~/domain/public-origin';
import { isCurrencyCode, isLanguageCode } from '~/domain/reference-data';
import { isTimeZone } from '~/domain/time-zone';
import { isProductCode, products } from '~/products/registry';
import { CATALOGUE_CURRENCY } from '~/domain/charge';
import { currencyFractionDigits } from '~/domain/intl-format';
import { layoutIdsNamed } from '~/domain/page-layout-ids';
import { ajv, ajvProblems } from '../platform/ajv.server';
import { bookingEmailTemplateProblem } from '../booking/booking-email-template.server';
import { planHtmlProblem } from '../membership/plan-html.server';

const validateOrgConfig = ajv.compile<OrgConfig>(orgConfigSchema);
const validateLayout = ajv.compile<Layout>(layoutSchema);

/** `file` is `org-configs/<orgId>.json` or `layouts/<id>.json`, as exported; `path` is dotted. */
export type ConfigProblem = { file: string; path: string; message: string };

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Configuration refused:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  }
}

export function formatProblem(p: ConfigProblem): string {
  return `${p.file}: ${p.path}: ${p.message}`;
}

/** One organisation's bundle to check, under the org file name it is known by. */
export type BundleSource = { file: string; bundle: RawBundle };

/** An organisation whose bundle passed, with the layouts it lays its pages out with. */
export type CheckedOrg = { org: OrgConfig; layouts: ReadonlyMap<string, Layout> };

export type CheckedConfigs = { orgs: CheckedOrg[]; defaultOrg: CheckedOrg };

const layoutFile = (id: string) => `layouts/${id}.json`;

/**
 * Checks organisations' bundles together (hosts, ids and numbers are unique across them; a layout
 * id two organisations share is the same layout, as export writes it to one file) and, on their
 * own, `loose` layouts no organisation uses. Problems come once each, in order; `checked` only
 * when there are none.
 */
export function checkBundles(sources: readonly BundleSource[], loose: readonly { id: string; value: unknown }[] = []): { problems: ConfigProblem[]; checked?: CheckedConfigs } {
  const problems: ConfigProblem[] = [];
  const orgs: { file: string; checked: CheckedOrg }[] = [];
  /** A shared layout id's first content, and the file of the organisation that brought it. */
  const sharedLayouts = new Map<string, { json: string; by: string }>();
  for (const { file, bundle } of sources) {
    const layouts = new Map<string, Layout>();
    /** Layouts that exist but were refused: an organisation naming one is not told it is unknown. */
    const refused = new Set<string>();
    for (const [id, value] of Object.entries(bundle.layouts)) {
      const json = JSON.stringify(value);
      const first = sharedLayouts.get(id);
      if (first && first.json !== json) {
        problems.push({ file: layoutFile(id), path: '(root)', message: `differs from the layout '${id}' ${first.by} uses: give this organisation's version an id of its own` });
      }
      if (!first) sharedLayouts.set(id, { json, by: file });
      const layout = checkLayout(layoutFile(id), value, problems);
      if (layout) layouts.set(id, layout);
      else refused.add(id);
    }
    const org = checkOrg(file, bundle.org, layouts, refused, problems);
    if (org) orgs.push({ file, checked: { org, layouts } });
  }
  for (const { id, value } of loose) checkLayout(layoutFile(id), value, problems);

  const claim = <K>(seen: Map<K, string>, key: K, file: string, path: string, what: string) => {
    const owner = seen.get(key);
    if (owner) problems.push({ file, path, message: `${what} '${String(key)}' is already used by ${owner}` });
    else seen.set(key, file);
  };
  // Earlier organisations (by number) keep what they claim; later ones get the complaint.
  orgs.sort((a, b) => a.checked.org.orgNumber - b.checked.org.orgNumber);
  const ids = new Map<string, string>();
  const numbers = new Map<number, string>();
  const hosts = new Map<string, string>();
  for (const { file, checked } of orgs) {
    claim(ids, checked.org.orgId, file, 'orgId', 'orgId');
    claim(numbers, checked.org.orgNumber, file, 'orgNumber', 'orgNumber');
    checked.org.hosts.forEach((host, i) => claim(hosts, host, file, `hosts.${i}`, 'host'));
  }
  const defaults = orgs.filter((o) => o.checked.org.isDefault);
  if (orgs.length === 0 && problems.length === 0) problems.push({ file: 'org-configs', path: '(root)', message: 'no organisation configured' });
  for (const d of defaults.slice(1)) problems.push({ file: d.file, path: 'isDefault', message: `only one organisation may be the default (${defaults[0]!.file} is)` });

  const unique = [...new Map(problems.map((p) => [formatProblem(p), p])).values()];
  if (unique.length > 0) return { problems: unique };
  const checkedOrgs = orgs.map((o) => o.checked);
  return { problems: [], checked: { orgs: checkedOrgs, defaultOrg: (defaults[0] ?? orgs[0]!).checked } };
}

/** An org config against its schema and its own layouts; the organisation when nothing is wrong with it alone. */
function checkOrg(file: string, value: unknown, layouts: ReadonlyMap<string, Layout>, refused: ReadonlySet<string>, problems: ConfigProblem[]): OrgConfig | null {
  if (!validateOrgConfig(value)) {
    problems.push(...ajvProblems(validateOrgConfig.errors).map((problem) => ({ file, ...problem })));
    return null;
  }
  const before = problems.length;
  const org = value;
  const add = (path: string, message: string) => problems.push({ file, path, message });
  if (file !== `org-configs/${org.orgId}.json`) add('orgId', `must match the file name (org-configs/${org.orgId}.json)`);
  if (!isTimeZone(org.timeZone)) add('timeZone', `unknown time zone '${org.timeZone}' (an IANA name such as 'America/Mexico_City')`);
  org.locale.languages.forEach((code, i) => {
    if (!isLanguageCode(code)) add(`locale.languages.${i}`, `unknown language '${code}'`);
  });
  org.locale.currencies.forEach((code, i) => {
    if (!isCurrencyCode(code)) add(`locale.currencies.${i}`, `unknown currency '${code}'`);
  });
  if (!org.locale.languages.includes(org.locale.defaultLanguage)) add('locale.defaultLanguage', 'must be one of locale.languages');
  if (!org.locale.currencies.includes(org.locale.defaultCurrency)) add('locale.defaultCurrency', 'must be one of locale.currencies');
  // A merchant account settles what visitors are shown: a currency they cannot choose never would be (decision 0056).
  for (const code of Object.keys(org.payments.merchantAccounts ?? {})) {
    if (!org.locale.currencies.includes(code)) add(`payments.merchantAccounts.${code}`, 'must be one of locale.currencies');
    else if (currencyFractionDigits(code) !== 2)
      add(`payments.merchantAccounts.${code}`, `the gateway is sent amounts with two decimals; this currency has ${currencyFractionDigits(code)}`);
  }
  // Every page kind names a layout of its kind; a kind laid out per product names products that have that page.
  for (const kind of PAGE_KIND_NAMES) {
    for (const { path, id, product } of layoutChoices(org.pages, kind)) {
      if (product !== undefined && (!isProductCode(product) || products[product].pages.checkout === null)) add(path, `'${product}' has no ${kind}`);
      const layout = layouts.get(id);
      if (!layout) {
        if (!refused.has(id)) add(path, `unknown layout '${id}'`);
      } else if (layout.kind !== kind) add(path, `layout '${id}' is a ${layout.kind} layout, not a ${kind} one`);
    }
  }
  const signUp = layouts.get(org.pages['sign-up']);
  if (signUp && org.auth.signupModes.includes('invitation') && !signUp.blocks.some((block) => block.type === 'auth.invitationCode')) {
    add('auth.signupModes', `offers 'invitation' but layout '${signUp.id}' has no 'auth.invitationCode' block`);
  }
  for (const problem of publicOriginProblems(org, false)) add(problem.path, problem.message);
  membershipPlanProblems(org).forEach((problem) => add(problem.path, problem.message));
  bookingEmailProblems(org).forEach((problem) => add(problem.path, problem.message));
  fraudRuleProblems(org).forEach((problem) => add(problem.path, problem.message));
  const adIds = new Set<string>();
  org.ads.items.forEach((ad, i) => {
    if (adIds.has(ad.id)) add(`ads.items.${i}.id`, `duplicate ad id '${ad.id}'`);
    adIds.add(ad.id);
    if (ad.startsOn !== undefined && ad.endsOn !== undefined && ad.endsOn < ad.startsOn) add(`ads.items.${i}.endsOn`, 'must not be before startsOn');
  });
  for (const code of Object.keys(org.copy ?? {})) {
    if (!org.locale.languages.includes(code)) add(`copy.${code}`, 'language not offered by locale.languages');
  }
  return problems.length === before ? org : null;
}

type Loaded = { file: string; value: unknown };

function readJsonFiles(root: string, folder: string, problems: ConfigProblem[]): Loaded[] {
  const dir = join(root, folder);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.flatMap((name) => {
    const file = relative(root, join(dir, name));
    try {
      return [{ file, value: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown }];
    } catch (error) {
      problems.push({ file, path: '(root)', message: `invalid JSON: ${(error as Error).message}` });
      return [];
    }
  });
}

/**
 * The organisations under `root` (org-configs/*.json) as bundles, each with the layouts/*.json
 * its pages name, in id order; the layouts no organisation names are `loose`. What did not parse
 * is a problem already.
 */
export function readConfigFiles(root: string): { sources: BundleSource[]; loose: { id: string; value: unknown }[]; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const layouts = new Map(readJsonFiles(root, 'layouts', problems).map(({ file, value }) => [file.replace(/^layouts\//, '').replace(/\.json$/, ''), value]));
  const used = new Set<string>();
  const sources = readJsonFiles(root, 'org-configs', problems).map(({ file, value }): BundleSource => {
    const ids = layoutIdsNamed(value)
      .filter((id) => layouts.has(id))
      .sort();
    ids.forEach((id) => used.add(id));
    return { file, bundle: { schemaVersion: CONFIG_SCHEMA_VERSION, org: value, layouts: Object.fromEntries(ids.map((id) => [id, layouts.get(id)])) } };
  });
  const loose = [...layouts].filter(([id]) => !used.has(id)).map(([id, value]) => ({ id, value }));
  return { sources, loose, problems };
}

/** Reads and checks every org config and layout under `root`: the problems, or the checked organisations; and what was read (the store's seed). */
export function checkConfigFiles(root: string): { problems: ConfigProblem[]; checked?: CheckedConfigs } & Omit<ReturnType<typeof readConfigFiles>, 'problems'> {
  const { sources, loose, problems: unread } = readConfigFiles(root);
  const { problems, checked } = checkBundles(sources, loose);
  if (unread.length > 0) return { problems: [...unread, ...problems], sources, loose };
  return { problems, checked, sources, loose };
}

const isBlockTypeName = (type: string) => Object.hasOwn(BLOCK_SCHEMAS, type);
const isTyped = (block: unknown): block is { type: string; props?: unknown } =>
  typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string';

/**
 * A layout (decision 0060): its kind's rules (app/domain/page-kinds.ts: the blocks it allows,
 * requires and lets repeat) in their own words, then its schema for what they do not say (an
 * unknown block type, bad props), its file name, unique block ids, and a checkout's total.
 */
function checkLayout(file: string, value: unknown, problems: ConfigProblem[]): Layout | null {
  const before = problems.length;
  const raw = value as { kind?: unknown; blocks?: unknown };
  const misplaced: string[] = [];
  if (isPageKind(raw.kind) && Array.isArray(raw.blocks) && raw.blocks.every(isTyped)) {
    for (const problem of layoutProblems(raw.kind, raw.blocks, isBlockTypeName)) {
      problems.push({ file, ...problem });
      if (problem.path.endsWith('.type')) misplaced.push(problem.path.slice(0, -'.type'.length));
    }
  }
  if (!validateLayout(value)) {
    // A block of another kind is named above; the schema would only call it unknown.
    const named = (path: string) => misplaced.some((at) => path === at || path.startsWith(`${at}.`));
    problems.push(
      ...ajvProblems(validateLayout.errors)
        .map((problem) => ({ file, ...problem }))
        .filter((problem) => !named(problem.path)),
    );
    return null;
  }
  const expectedId = file.replace(/^layouts\//, '').replace(/\.json$/, '');
  if (value.id !== expectedId) problems.push({ file, path: 'id', message: `must equal the file name '${expectedId}'` });
  const seen = new Set<string>();
  value.blocks.forEach((block, index) => {
    if (seen.has(block.id)) problems.push({ file, path: `blocks.${index}.id`, message: `duplicate block id '${block.id}'` });
    seen.add(block.id);
  });
  // Without the price breakdown, the submit block's mobile total is what shows the total (invoice and OXXO show no charge line).
  if (value.kind === 'checkout' && !value.blocks.some((block) => block.type === 'checkout.price')) {
    value.blocks.forEach((block, index) => {
      if (block.type === 'checkout.submit' && block.props?.showMobileTotal === false) {
        problems.push({ file, path: `blocks.${index}.props.showMobileTotal`, message: "must not be false without a 'checkout.price' block: nothing would show the total" });
      }
    });
  }
  return problems.length === before ? value : null;
}

/** The layouts an organisation chose for a page kind: one, or a default and some products' own, each with its path in the org config. */
function layoutChoices(pages: OrgConfig['pages'], kind: PageKind): { path: string; id: string; product?: string }[] {
  const choice = pages[kind];
  if (typeof choice === 'string') return [{ path: `pages.${kind}`, id: choice }];
  return [
    { path: `pages.${kind}.default`, id: choice.default },
    ...Object.entries(choice.byProduct ?? {}).map(([product, id]) => ({ path: `pages.${kind}.byProduct.${product}`, id, product })),
  ];
}

/**
 * The booking e-mails (docs/decisions/0033): every template compiles and renders, each status
 * has the default language, and only languages the organisation offers.
 */
function bookingEmailProblems(org: OrgConfig): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const [status, byLanguage] of Object.entries(org.booking.emails)) {
    const at = `booking.emails.${status}`;
    if (!byLanguage[org.locale.defaultLanguage]) problems.push({ path: at, message: `needs the default language '${org.locale.defaultLanguage}'` });
    for (const [language, texts] of Object.entries(byLanguage)) {
      if (!org.locale.languages.includes(language)) problems.push({ path: `${at}.${language}`, message: 'language not offered by locale.languages' });
      for (const part of ['subject', 'body'] as const) {
        const problem = bookingEmailTemplateProblem(texts[part]);
        if (problem) problems.push({ path: `${at}.${language}.${part}`, message: problem });
      }
    }
  }
  return problems;
}

/** What the schema cannot say about the fraud rules (issue 37): one id each, thresholds that are numbers. */
function fraudRuleProblems(org: OrgConfig): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  (org.fraud?.rules ?? []).forEach((rule, i) => {
    if (seen.has(rule.id)) problems.push({ path: `fraud.rules.${i}.id`, message: `duplicate rule id '${rule.id}'` });
    seen.add(rule.id);
    rule.when.forEach((condition, j) => {
      if ((condition.op === 'gte' || condition.op === 'lte') && typeof condition.value !== 'number')
        problems.push({ path: `fraud.rules.${i}.when.${j}.value`, message: `'${condition.op}' compares numbers: the value must be a number` });
    });
  });
  return problems;
}

/** What the schema cannot say about the membership plans (spec §3, issue 12). */
function membershipPlanProblems(org: OrgConfig): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const retries = org.membership.dunning?.retryAfterDays ?? [];
  if (retries.some((days, i) => i > 0 && days <= retries[i - 1]!))
    problems.push({ path: 'membership.dunning.retryAfterDays', message: 'must be in increasing order, each day once' });
  const seen = new Set<string>();
  (org.membership.plans ?? []).forEach((plan, i) => {
    const at = `membership.plans.${i}`;
    if (seen.has(plan.code)) problems.push({ path: `${at}.code`, message: `duplicate plan code '${plan.code}'` });
    seen.add(plan.code);
    if (plan.currency !== CATALOGUE_CURRENCY) problems.push({ path: `${at}.currency`, message: `plans are charged in ${CATALOGUE_CURRENCY}` });
    const trial = plan.chargeAfterDays > 0;
    if (!trial && plan.validity.years * 12 + plan.validity.months === 0)
      problems.push({ path: `${at}.validity`, message: 'a plan that is not a trial must last at least a month' });
    if ((plan.renewable || trial) && plan.autoValidity.years * 12 + plan.autoValidity.months === 0)
      problems.push({ path: `${at}.autoValidity`, message: 'a renewable plan must renew for at least a month' });
    if (trial && !plan.renewable) problems.push({ path: `${at}.renewable`, message: 'a trial (chargeAfterDays) renews into the paid plan: it must be renewable' });
    if (!plan.texts[org.locale.defaultLanguage]) problems.push({ path: `${at}.texts`, message: `needs the default language '${org.locale.defaultLanguage}'` });
    for (const [language, texts] of Object.entries(plan.texts)) {
      if (!org.locale.languages.includes(language)) problems.push({ path: `${at}.texts.${language}`, message: 'language not offered by locale.languages' });
      const problem = planHtmlProblem(texts.html);
      if (problem) problems.push({ path: `${at}.texts.${language}.html`, message: problem });
    }
  });
  return problems;
}

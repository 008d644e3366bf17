import { requestContext } from './logger.server';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Layout, type LayoutOf, layoutSchema } from '#schemas/layout.schema';
import { BLOCK_SCHEMAS } from '#schemas/blocks.schema';
import { type OrgConfig, orgConfigSchema } from '#schemas/org-config.schema';
import { PAGE_KIND_NAMES, type PageKind, isPageKind, layoutProblems } from '~/domain/page-kinds';
import { cookiesMustBeSecure, publicOriginFor, publicOriginProblems } from '~/domain/public-origin';
import { isCurrencyCode, isLanguageCode } from '~/domain/reference-data';
import { isTimeZone } from '~/domain/time-zone';
import { isProductCode, products } from '~/products/registry';
import { singleton } from '~/utils/singleton.server';
import { CATALOGUE_CURRENCY } from '~/domain/charge';
import { currencyFractionDigits } from '~/domain/intl-format';
import { ajv, formatAjvErrors } from './ajv.server';
import { bookingEmailTemplateProblem } from '../booking/booking-email-template.server';
import { planHtmlProblem } from '../membership/plan-html.server';
import { getEnv } from './env.server';
import { log } from './logger.server';

const validateOrgConfig = ajv.compile<OrgConfig>(orgConfigSchema);
const validateLayout = ajv.compile<Layout>(layoutSchema);

export type ConfigProblem = { file: string; path: string; message: string };

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Configuration refused:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  }
}

export function formatProblem(p: ConfigProblem): string {
  return `${p.file}: ${p.path}: ${p.message}`;
}

export type ConfigRegistry = {
  orgs: readonly OrgConfig[];
  defaultOrg: OrgConfig;
  /** layouts/*.json by id, each of one page kind (docs/decisions/0060). */
  layouts: ReadonlyMap<string, Layout>;
};

type Loaded<T> = { file: string; value: T };

function readJsonFiles(root: string, folder: string, problems: ConfigProblem[]): Loaded<unknown>[] {
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

function splitProblem(file: string, line: string): ConfigProblem {
  const at = line.indexOf(': ');
  return { file, path: line.slice(0, at), message: line.slice(at + 2) };
}

/**
 * Reads, validates and cross-checks every org config and layout under `root`.
 * Returns the problems instead of throwing so the CLI can print them all.
 */
export function checkConfigs(root: string): { problems: ConfigProblem[]; registry?: ConfigRegistry } {
  const problems: ConfigProblem[] = [];
  const layouts = new Map<string, Layout>();
  /** Layouts that exist but were refused: an organisation naming one is not told it is unknown. */
  const refused = new Set<string>();
  const orgs: Loaded<OrgConfig>[] = [];

  for (const { file, value } of readJsonFiles(root, 'layouts', problems)) {
    const layout = checkLayout(file, value, problems);
    if (layout) layouts.set(layout.id, layout);
    else refused.add(file.replace(/^layouts\//, '').replace(/\.json$/, ''));
  }

  for (const { file, value } of readJsonFiles(root, 'org-configs', problems)) {
    if (!validateOrgConfig(value)) {
      problems.push(...formatAjvErrors(validateOrgConfig.errors).map((line) => splitProblem(file, line)));
      continue;
    }
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
    for (const code of Object.keys(org.copy ?? {})) {
      if (!org.locale.languages.includes(code)) add(`copy.${code}`, 'language not offered by locale.languages');
    }
    orgs.push({ file, value: org });
  }

  const claim = <K>(seen: Map<K, string>, key: K, file: string, path: string, what: string) => {
    const owner = seen.get(key);
    if (owner) problems.push({ file, path, message: `${what} '${String(key)}' is already used by ${owner}` });
    else seen.set(key, file);
  };
  // Earlier organisations (by number) keep what they claim; later ones get the complaint.
  orgs.sort((a, b) => a.value.orgNumber - b.value.orgNumber);
  const ids = new Map<string, string>();
  const numbers = new Map<number, string>();
  const hosts = new Map<string, string>();
  for (const { file, value } of orgs) {
    claim(ids, value.orgId, file, 'orgId', 'orgId');
    claim(numbers, value.orgNumber, file, 'orgNumber', 'orgNumber');
    value.hosts.forEach((host, i) => claim(hosts, host, file, `hosts.${i}`, 'host'));
  }
  const defaults = orgs.filter((o) => o.value.isDefault);
  if (orgs.length === 0 && problems.length === 0) problems.push({ file: 'org-configs', path: '(root)', message: 'no organisation configured' });
  if (defaults.length > 1) {
    for (const d of defaults.slice(1)) problems.push({ file: d.file, path: 'isDefault', message: `only one organisation may be the default (${defaults[0]!.file} is)` });
  }

  if (problems.length > 0) return { problems };
  const sorted = orgs.map((o) => o.value);
  const defaultOrg = defaults[0]?.value ?? sorted[0]!;
  return { problems, registry: { orgs: sorted, defaultOrg, layouts } };
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
      ...formatAjvErrors(validateLayout.errors)
        .map((line) => splitProblem(file, line))
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

/** Loads the registry or refuses with the whole readable list; never a partial config. */
export function loadConfigRegistry(root = process.cwd()): ConfigRegistry {
  const { problems, registry } = checkConfigs(root);
  if (!registry) throw new ConfigError(problems);
  return registry;
}

const holder = singleton('config', () => ({ current: undefined as ConfigRegistry | undefined }));

export function getConfigRegistry(): ConfigRegistry {
  if (!holder.current) {
    holder.current = loadConfigRegistry(process.env.CONFIG_DIR || process.cwd());
    log.info('configuration loaded', { orgs: holder.current.orgs.map((o) => o.orgId) });
  }
  return holder.current;
}

export function getOrgById(idOrNumber: string, registry: Pick<ConfigRegistry, 'orgs'> = getConfigRegistry()): OrgConfig | undefined {
  return registry.orgs.find((o) => o.orgId === idOrNumber || String(o.orgNumber) === idOrNumber);
}

/** `Wanderly.Example.com:443` → `wanderly.example.com`: the name organisations claim in `hosts`. */
export function hostnameOfHostHeader(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** The organisation that claims a host name (no port), if any. */
export function orgClaimingHost(hostname: string, registry: Pick<ConfigRegistry, 'orgs'> = getConfigRegistry()): OrgConfig | undefined {
  return registry.orgs.find((o) => o.hosts.includes(hostname));
}

/**
 * The organisation of a request: host name (no port), then the `orgid` cookie, then the
 * default. Only the request context (and the graphql-ws handshake) call it: once per request.
 */
export function orgOfHost(registry: Pick<ConfigRegistry, 'orgs' | 'defaultOrg'>, { hostname, orgIdCookie }: { hostname: string; orgIdCookie: string | undefined }): OrgConfig {
  const store = requestContext.getStore();
  if (store) store.orgResolutions += 1;
  const byHost = orgClaimingHost(hostname, registry);
  if (byHost) return byHost;
  const byCookie = orgIdCookie ? getOrgById(orgIdCookie, registry) : undefined;
  return byCookie ?? registry.defaultOrg;
}

/**
 * The origin every absolute link of the organisation starts with (e-mails, sign-in links):
 * configured, never taken from the request's Host or X-Forwarded-Host.
 */
export function publicOriginOf(org: OrgConfig): string {
  return publicOriginFor(org, getEnv().port);
}

/** What production adds to the configuration rules: every organisation names its https origin. */
export function productionConfigProblems(registry: ConfigRegistry): ConfigProblem[] {
  return registry.orgs.flatMap((org) => publicOriginProblems(org, true).map((p) => ({ file: `org-configs/${org.orgId}.json`, path: p.path, message: p.message })));
}

/**
 * The organisation's layout of page kind `kind`: for `product` where the kind is laid out per
 * product, else its default (decision 0060). Cross-checked at load, so a miss is a programming error.
 */
export function getLayout<K extends PageKind>(org: OrgConfig, kind: K, product?: string): LayoutOf<K> {
  const choice: OrgConfig['pages'][PageKind] = org.pages[kind];
  const id = typeof choice === 'string' ? choice : ((product === undefined ? undefined : choice.byProduct?.[product]) ?? choice.default);
  const layout = getConfigRegistry().layouts.get(id);
  if (layout?.kind !== kind) throw new Error(`Layout '${id}' of kind ${kind} missing for ${org.orgId}`);
  return layout as LayoutOf<K>;
}

/**
 * Every cookie of a raw Cookie header, decoded, read in one pass: the first of a name counts, and
 * one whose value does not decode reads as absent.
 */
export function cookiesOfHeader(header: string | undefined): ReadonlyMap<string, string | undefined> {
  const cookies = new Map<string, string | undefined>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value: string | undefined;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      value = undefined;
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** The `; Secure` attribute every cookie we set carries: always in production, elsewhere off the machine's own names. */
export function secureCookieAttribute(hostname: string): '; Secure' | '' {
  return cookiesMustBeSecure(getEnv().appEnv === 'production', hostname) ? '; Secure' : '';
}

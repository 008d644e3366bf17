import type { Layout, LayoutOf } from '#schemas/layout.schema';
import type { OrgConfig } from '#schemas/org-config.schema';
import type { PageKind } from '~/domain/page-kinds';
import { cookiesMustBeSecure, publicOriginFor, publicOriginProblems } from '~/domain/public-origin';
import { singleton } from '~/utils/singleton.server';
import { getEnv } from '../platform/env.server';
import { log, requestContext } from '../platform/logger.server';
import { type CheckedConfigs, ConfigError, type ConfigProblem, checkConfigFiles } from './config-check.server';

export type ConfigRegistry = {
  /** By orgNumber. */
  orgs: readonly OrgConfig[];
  defaultOrg: OrgConfig;
  /** Every organisation's layouts by id (a shared id is one layout: checkBundles sees to it). */
  layouts: ReadonlyMap<string, Layout>;
};

/**
 * What each organisation object was loaded with: its own layouts and the stored version it came
 * from (null: read from the files). A request holds its organisation object from start to end, so
 * everything it renders comes from that one version, whatever is published meanwhile.
 */
const loadedWith = singleton('config-loaded-with', () => new WeakMap<OrgConfig, { layouts: ReadonlyMap<string, Layout>; version: number | null }>());

/**
 * The registry of checked organisations; `versions` names the stored version each came from. An
 * organisation whose version `previous` already served keeps its object there, so what is kept
 * per organisation object (its page cache, its strings) survives another organisation's publish.
 */
export function registryOf(checked: CheckedConfigs, versions: ReadonlyMap<string, number> = new Map(), previous?: ConfigRegistry): ConfigRegistry {
  const layouts = new Map<string, Layout>();
  const orgOf = ({ org, layouts: own }: CheckedConfigs['orgs'][number]): OrgConfig => {
    const version = versions.get(org.orgId) ?? null;
    const kept = previous?.orgs.find((o) => o.orgId === org.orgId);
    const served = version !== null && kept && configVersionOf(kept) === version ? kept : org;
    if (served === org) loadedWith.set(org, { layouts: own, version });
    for (const [id, layout] of loadedWith.get(served)!.layouts) layouts.set(id, layout);
    return served;
  };
  const orgs = checked.orgs.map(orgOf);
  return { orgs, defaultOrg: orgs[checked.orgs.indexOf(checked.defaultOrg)]!, layouts };
}

/** The stored configuration version an organisation object was loaded from (null: from the files). */
export function configVersionOf(org: OrgConfig): number | null {
  return loadedWith.get(org)?.version ?? null;
}

/** Reads, validates and cross-checks every org config and layout under `root`; the problems instead of throwing, so the CLI prints them all. */
export function checkConfigs(root: string): { problems: ConfigProblem[]; registry?: ConfigRegistry } {
  const { problems, checked } = checkConfigFiles(root);
  return checked ? { problems, registry: registryOf(checked) } : { problems };
}

/** Loads the registry or refuses with the whole readable list; never a partial config. */
export function loadConfigRegistry(root = process.cwd()): ConfigRegistry {
  const { problems, registry } = checkConfigs(root);
  if (!registry) throw new ConfigError(problems);
  return registry;
}

const holder = singleton('config', () => ({ current: undefined as ConfigRegistry | undefined }));

/**
 * The configuration served now: the published one once the server installed it
 * (config-live.server.ts), else the files' (scripts, tests), read once.
 */
export function getConfigRegistry(): ConfigRegistry {
  if (!holder.current) {
    holder.current = loadConfigRegistry(process.env.CONFIG_DIR || process.cwd());
    log.info('configuration loaded', { orgs: holder.current.orgs.map((o) => o.orgId) });
  }
  return holder.current;
}

/** Serves `registry` from now on: requests already running keep the organisation objects they hold. */
export function setConfigRegistry(registry: ConfigRegistry): void {
  holder.current = registry;
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
  const layout = (loadedWith.get(org)?.layouts ?? getConfigRegistry().layouts).get(id);
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

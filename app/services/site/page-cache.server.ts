import { sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { type KeptPageFacts, MAX_CACHED_BYTES_PER_ORG } from '~/domain/page-cache';
import { getDb } from '../platform/db.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import { clearReferenceCache } from '../catalog/reference-cache.server';

/** A kept answer; `nonce` is the CSP nonce it was rendered with, replaced by each reader's own. */
export type CachedPage = KeptPageFacts & { status: number; headers: [string, string][]; body: string; bytes: number; nonce: string };

/**
 * Anonymous pages as rendered, per organisation config (a reloaded config starts empty), least
 * recently used first out once their bodies pass MAX_CACHED_BYTES_PER_ORG. In memory and per
 * process: a restart, or a config change, forgets it.
 */
const perConfig = new WeakMap<OrgConfig, { pages: Map<string, CachedPage>; bytes: number }>();

function cacheOf(org: OrgConfig) {
  let cache = perConfig.get(org);
  if (!cache) perConfig.set(org, (cache = { pages: new Map(), bytes: 0 }));
  return cache;
}

/** The page kept under `key` while `fresh` says it may still answer (most recently used then); a stale one is forgotten. */
export function cachedPage(org: OrgConfig, key: string, fresh: (page: CachedPage) => boolean): CachedPage | undefined {
  const cache = cacheOf(org);
  const page = cache.pages.get(key);
  if (!page) return undefined;
  forget(cache, key);
  if (!fresh(page)) return undefined;
  cache.pages.set(key, page);
  cache.bytes += page.bytes;
  return page;
}

export function keepPage(org: OrgConfig, key: string, page: CachedPage): void {
  const cache = cacheOf(org);
  forget(cache, key);
  cache.pages.set(key, page);
  cache.bytes += page.bytes;
  while (cache.bytes > MAX_CACHED_BYTES_PER_ORG) forget(cache, cache.pages.keys().next().value!);
}

function forget(cache: { pages: Map<string, CachedPage>; bytes: number }, key: string): void {
  const page = cache.pages.get(key);
  if (!page) return;
  cache.pages.delete(key);
  cache.bytes -= page.bytes;
}

let lastSeenVersion: string | undefined;

/** What a page request reads before it renders (server/page-cache.ts). */
export type PageVersions = { content: string; availability: string };

// Both versions' writers notify `page_versions` (migration 0028_change_notices).
const keptVersions = keptUntilChanged<PageVersions>('page-versions', ['page_versions'], 1);

/**
 * The catalogue's version (migration 0025_content_version) and the allocations' (0027), in one
 * read before a page renders. A catalogue writer moves its version in its own transaction, so a
 * page rendered after reading a version shows at least that version's rows, and a change is a
 * new key on the very next request. The allocations' version is a sequence (holds never wait on
 * one row); pages that show availability are answered only while it stays the same
 * (app/domain/page-cache.ts `isStillFresh`). A new catalogue version (and the first one a
 * process reads) also empties the short-lived reference cache (catalogue, rates, ads), which
 * would otherwise serve the old rows for up to a minute. The embedded database's process reads
 * them again only after a change (kept-until-changed.server.ts).
 */
export function pageVersions(): Promise<PageVersions> {
  return keptVersions.get('', async () => {
    const { rows } = await sql<PageVersions>`
      select version::text as content, (select last_value::text from availability_version) as availability
      from content_version where id = 1`.execute(getDb());
    const versions = rows[0] ?? { content: '0', availability: '0' };
    // The first read too: what was cached before it (API calls) may predate the version.
    if (versions.content !== lastSeenVersion) clearReferenceCache();
    lastSeenVersion = versions.content;
    return versions;
  });
}

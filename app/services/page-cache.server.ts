import { sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { MAX_CACHED_PAGES } from '~/domain/page-cache';
import { type Database, getDb } from './db.server';
import { clearReferenceCache } from './reference-cache.server';

/** A kept answer; `nonce` is the CSP nonce it was rendered with, replaced by each reader's own. */
export type CachedPage = { status: number; headers: [string, string][]; body: string; nonce: string };

/**
 * Anonymous pages as rendered, per organisation config (a reloaded config starts empty), least
 * recently used first out. In memory and per process: a restart, or a config change, forgets it.
 */
const perConfig = new WeakMap<OrgConfig, Map<string, CachedPage>>();

function pagesOf(org: OrgConfig): Map<string, CachedPage> {
  let pages = perConfig.get(org);
  if (!pages) perConfig.set(org, (pages = new Map()));
  return pages;
}

export function cachedPage(org: OrgConfig, key: string): CachedPage | undefined {
  const pages = pagesOf(org);
  const page = pages.get(key);
  if (page) {
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

export function keepPage(org: OrgConfig, key: string, page: CachedPage): void {
  const pages = pagesOf(org);
  pages.delete(key);
  pages.set(key, page);
  while (pages.size > MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
}

let lastSeenVersion: string | undefined;

/**
 * The catalogue's version (migration 0025_content_version), read before a page renders: a
 * writer moves it in its own transaction, so a page rendered after reading a version shows
 * at least that version's rows, and a change is a new key on the very next request. A new
 * version also empties the short-lived reference cache, which would otherwise serve the old
 * rows for up to a minute.
 */
export async function contentVersion(db: Database = getDb()): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version::text as version from content_version where id = 1`.execute(db);
  const version = rows[0]?.version ?? '0';
  if (lastSeenVersion !== undefined && version !== lastSeenVersion) clearReferenceCache();
  lastSeenVersion = version;
  return version;
}

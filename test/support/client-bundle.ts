// Reads the browser build (public/build) the way a browser loads it: Remix's manifest names the
// entry and each route's module; every module's static imports load with it. Used by
// test/e2e/js-budget.spec.ts (docs/decisions/0037).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const PUBLIC_DIR = path.resolve('public');
const BUILD_DIR = path.join(PUBLIC_DIR, 'build');

type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

export function readManifest(): Manifest {
  const name = readdirSync(BUILD_DIR).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no manifest in ${BUILD_DIR}: run \`npm run build\` first`);
  const source = readFileSync(path.join(BUILD_DIR, name), 'utf8');
  const prefix = 'window.__remixManifest=';
  if (!source.startsWith(prefix)) throw new Error(`${name} is not a Remix manifest`);
  return JSON.parse(source.slice(prefix.length).replace(/;\s*$/, '')) as Manifest;
}

const fileOf = (url: string) => path.join(PUBLIC_DIR, url);
const source = (url: string) => readFileSync(fileOf(url), 'utf8');

/**
 * Static imports of a built module (`import{a as b}from"/build/…"`, `import"/build/…"`), not
 * `import("…")`: those load on demand (the card provider's SDK, the plans modal) and are not
 * part of the page's first load.
 */
function staticImports(url: string): string[] {
  return [...source(url).matchAll(/(?:\bfrom|\bimport)\s*"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

/** A set of modules and every module they import, at any depth. */
function withImports(urls: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return seen;
}

/** The routes from root down to this one. */
function chainOf(manifest: Manifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  return chain;
}

/** Every script a document request for this route loads before it hydrates. */
export function pageScripts(manifest: Manifest, routeId: string): string[] {
  const roots = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const route of chainOf(manifest, routeId)) roots.push(route.module, ...(route.imports ?? []));
  return [...withImports(roots)].sort();
}

const gzipCache = new Map<string, number>();
export function gzipBytes(url: string): number {
  let bytes = gzipCache.get(url);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(fileOf(url))).length;
    gzipCache.set(url, bytes);
  }
  return bytes;
}

/** Every JavaScript file of the browser build, as its URL. */
export function clientFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.js') ? ['/' + path.relative(PUBLIC_DIR, full).split(path.sep).join('/')] : [];
    });
  return walk(BUILD_DIR);
}

export const readClientFile = source;

// An organisation's configuration as the configuration service stores it (docs/decisions/0063):
// the org config and every layout it lays its pages out with, one immutable version at a time.
// The files under org-configs/ and layouts/ are the same data split per file, as JSON.stringify
// writes them: the seed and the export format.
import type { Layout } from '#schemas/layout.schema';
import type { OrgConfig } from '#schemas/org-config.schema';

/**
 * The shape stored versions have today. A version stored under an older number is moved forward
 * by app/domain/config-migrations.ts before it is read; bump this with a new migration there.
 */
export const CONFIG_SCHEMA_VERSION = 3;

/** What one stored version holds; `layouts` by id, in id order. */
export type ConfigBundle = { schemaVersion: number; org: OrgConfig; layouts: Record<string, Layout> };

/** A bundle as it may come from storage or a console: parsed JSON, not yet validated. */
export type RawBundle = { schemaVersion: number; org: unknown; layouts: Record<string, unknown> };

/** How a config file is written (and so how export writes it): two-space JSON and a last newline. */
export function fileJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The stored text of a bundle: its hash is taken over these bytes. Key order is kept as written. */
export function bundleJson(bundle: RawBundle): string {
  return JSON.stringify(bundle);
}

/**
 * The JSON Pointer (RFC 6901) into a bundle of a problem named by file and dotted path, as the
 * validator names them: `layouts/home.default.json` + `blocks.2.props` →
 * `/layouts/home.default/blocks/2/props`; an org config's `locale.defaultLanguage` →
 * `/org/locale/defaultLanguage`.
 */
export function pointerOfProblem(file: string, path: string): string {
  const inFile = pathTokens(path);
  const layout = /^layouts\/(.+)\.json$/.exec(file);
  const tokens = layout ? ['layouts', layout[1]!, ...inFile] : ['org', ...inFile];
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** A place in a file as people read it: `locale.languages.1`; a key that is empty or holds a dot, a quote or a colon is quoted (`copy.en-US."home.title"`); `(root)` for the whole. */
export function dottedPath(tokens: readonly string[]): string {
  return tokens.length === 0 ? '(root)' : tokens.map((token) => (/[".:]|^$/.test(token) ? JSON.stringify(token) : token)).join('.');
}

/** The keys of a dotted path (dottedPath's inverse). */
export function pathTokens(path: string): string[] {
  if (path === '(root)') return [];
  return [...path.matchAll(/"(?:[^"\\]|\\.)*"|[^.]+/g)].map(([token]) => (token.startsWith('"') ? (JSON.parse(token) as string) : token));
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The tokens of a JSON Pointer ('' is the whole document). */
export function pointerTokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(unescapePointerToken);
}

export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { BlockDefinition } from '~/blocks/define-block';
import { PAGE_KIND_NAMES, type PageKind } from '~/domain/page-kind-names';

/**
 * Writes app/blocks/generated/ from the block folders (docs/decisions/0061): a folder of
 * app/blocks with a `schema.ts` is a block, named by its type; its `view.tsx` renders it and its
 * `data.server.ts`, when it has one, resolves its data. The generated files list the definitions
 * (pure, for the validator), the data resolvers (server) and, per page kind, the views (so a
 * page's JavaScript carries its own kind's blocks only, decision 0037). Adding a block is adding
 * its folder; `npm run build`, `dev`, `typecheck` and `validate:configs` write the index first.
 */
export const BLOCKS_ROOT = path.resolve(import.meta.dirname, '../app/blocks');
export const GENERATED_DIR = path.join(BLOCKS_ROOT, 'generated');

export type BlockFolder = { dir: string; type: string; pages: readonly PageKind[]; hasData: boolean };

/** The block folders under `roots`, by type; a folder named otherwise than its block's type is refused. */
export async function readBlockFolders(roots: readonly string[] = [BLOCKS_ROOT]): Promise<BlockFolder[]> {
  const folders: BlockFolder[] = [];
  for (const root of roots) {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      const dir = path.join(root, entry.name);
      if (!entry.isDirectory() || !existsSync(path.join(dir, 'schema.ts'))) continue;
      const { default: definition } = (await import(pathToFileURL(path.join(dir, 'schema.ts')).href)) as { default: BlockDefinition };
      if (definition?.type !== entry.name) throw new Error(`${dir}: a block's folder is named by its type, here '${String(definition?.type)}'`);
      if (!existsSync(path.join(dir, 'view.tsx'))) throw new Error(`${dir}: a block needs a view.tsx`);
      folders.push({ dir, type: definition.type, pages: definition.pages, hasData: existsSync(path.join(dir, 'data.server.ts')) });
    }
  }
  return folders.sort((a, b) => (a.type < b.type ? -1 : 1));
}

const HEADER = '// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.\n';
const camel = (type: string) => type.replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase());
const pascal = (type: string) => camel(type).replace(/^\w/, (letter) => letter.toUpperCase());

/** The generated files' names and texts for `folders`, importing them from `outDir`. */
export function blockIndexFiles(folders: readonly BlockFolder[], outDir: string): Map<string, string> {
  const from = (folder: BlockFolder, file: string) => {
    const relative = path.relative(outDir, path.join(folder.dir, file)).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  const files = new Map<string, string>();
  files.set(
    'definitions.ts',
    [
      HEADER,
      ...folders.map((folder) => `import ${camel(folder.type)} from '${from(folder, 'schema')}';`),
      '',
      '/** Every block, by type (app/blocks/<type>/schema.ts). */',
      `export const BLOCK_DEFINITIONS = [${folders.map((folder) => camel(folder.type)).join(', ')}] as const;`,
      '',
    ].join('\n'),
  );
  const withData = folders.filter((folder) => folder.hasData);
  files.set(
    'resolvers.server.ts',
    [
      HEADER,
      "import type { BlockResolvers } from '~/blocks/data.server';",
      ...withData.map((folder) => `import ${camel(folder.type)} from '${from(folder, 'data.server')}';`),
      '',
      '/** A block without a data.server.ts needs no data. */',
      'const noData = async () => null;',
      '',
      "/** Each block type's data, resolved in the page loader (app/blocks/<type>/data.server.ts). */",
      'export const blockResolvers = {',
      ...folders.map((folder) => `  '${folder.type}': ${folder.hasData ? camel(folder.type) : 'noData'},`),
      '} satisfies BlockResolvers;',
      '',
    ].join('\n'),
  );
  for (const kind of PAGE_KIND_NAMES) {
    const onKind = folders.filter((folder) => folder.pages.includes(kind));
    files.set(
      `views.${kind}.tsx`,
      [
        HEADER,
        "import type { PageRegistry } from '~/blocks/block-list';",
        ...onKind.map((folder) => `import ${pascal(folder.type)} from '${from(folder, 'view')}';`),
        '',
        `/** The views of the blocks ${kind} pages may hold (app/blocks/<type>/view.tsx). */`,
        `export const BLOCK_VIEWS: PageRegistry<'${kind}'> = {`,
        ...onKind.map((folder) => `  '${folder.type}': ${pascal(folder.type)},`),
        '};',
        '',
      ].join('\n'),
    );
  }
  return files;
}

/** Writes the index into `outDir` (files whose text is unchanged are left alone); returns the names written. */
export async function writeBlockIndex({ roots = [BLOCKS_ROOT], outDir = GENERATED_DIR }: { roots?: readonly string[]; outDir?: string } = {}): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, raw] of blockIndexFiles(await readBlockFolders(roots), outDir)) {
    const file = path.join(outDir, name);
    // Written as the formatter would, so `prettier --check` and reviewers see them as any file.
    const text = await format(raw, { ...(await resolveConfig(file)), filepath: file });
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    written.push(name);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await writeBlockIndex();
  if (written.length > 0) console.log(`Block index: wrote ${written.join(', ')}`);
}

// Issue 35 acceptance 2: every page kind is laid out by one mechanism (decision 0060): one layout
// schema (a `oneOf` on kind built from app/domain/page-kinds.ts), one checker (`layoutProblems`),
// one getter (`getLayout`), one `pages` entry per kind in the org config. validate:configs holds
// every kind to its rules, naming file and path; a second mechanism appearing fails here.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { orgConfigSchema } from '#schemas/org-config.schema';
import { PAGE_KIND_NAMES, PAGE_KINDS, type PageKindRule } from '~/domain/page-kinds';

const repo = process.cwd();
type Block = { id: string; type: string; props?: unknown };
type LayoutFile = { id: string; kind: string; blocks: Block[] };

const scratch = mkdtempSync(path.join(tmpdir(), 'tp-layout-kinds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The repository's layout of `kind` for Wanderly. */
function repositoryLayout(kind: string): LayoutFile {
  const org = JSON.parse(readFileSync(path.join(repo, 'org-configs/wanderly.json'), 'utf8')) as { pages: Record<string, string | { default: string }> };
  const choice = org.pages[kind]!;
  return JSON.parse(readFileSync(path.join(repo, 'layouts', `${typeof choice === 'string' ? choice : choice.default}.json`), 'utf8')) as LayoutFile;
}

describe('one layout mechanism for every page kind', () => {
  it('validate:configs refuses, for every kind, a block outside it, a missing required block and a repeated once-only block, naming file and path', () => {
    cpSync(path.join(repo, 'org-configs'), path.join(scratch, 'org-configs'), { recursive: true });
    cpSync(path.join(repo, 'layouts'), path.join(scratch, 'layouts'), { recursive: true });
    const expected: string[] = [];
    const write = (id: string, kind: string, blocks: Block[]) => writeFileSync(path.join(scratch, 'layouts', `${id}.json`), JSON.stringify({ id, kind, blocks }, null, 2));
    for (const kind of PAGE_KIND_NAMES) {
      const rule: PageKindRule = PAGE_KINDS[kind];
      const allowed: readonly string[] = rule.blocks;
      const { blocks } = repositoryLayout(kind);
      const foreign = PAGE_KIND_NAMES.flatMap((other) => PAGE_KINDS[other].blocks).find((type) => !allowed.includes(type))!;
      write(`${kind}.outside`, kind, [...blocks, { id: 'foreign', type: foreign }]);
      expected.push(`layouts/${kind}.outside.json: blocks.${blocks.length}.type: '${foreign}' does not belong on ${rule.label}`);
      const required = rule.requires?.[0];
      if (required) {
        write(
          `${kind}.missing`,
          kind,
          blocks.filter((block) => block.type !== required),
        );
        expected.push(`layouts/${kind}.missing.json: blocks: ${rule.label} needs a '${required}' block`);
      }
      const repeats: readonly string[] | undefined = rule.repeats;
      const onceOnly = repeats && blocks.find((block) => !repeats.includes(block.type));
      if (onceOnly) {
        write(`${kind}.repeated`, kind, [...blocks, { ...onceOnly, id: 'again' }]);
        expected.push(`layouts/${kind}.repeated.json: blocks.${blocks.length}: ${rule.label} has one '${onceOnly.type}' block`);
      }
    }
    let output = '';
    let code = 0;
    try {
      output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/validate-configs.ts', scratch], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
    } catch (error) {
      ({ status: code, stdout: output } = error as { status: number; stdout: string });
    }
    expect(code).toBe(1);
    for (const line of expected) expect(output).toContain(line);
    // Every form kind (the sign-in forms, the checkout) was tested for all three.
    expect(expected.filter((line) => line.includes('.repeated.json')).length).toBe(PAGE_KIND_NAMES.filter((kind) => 'repeats' in PAGE_KINDS[kind]).length);
  });

  it('has one layout schema: no other schema declares a list of blocks', () => {
    const schemas = readdirSync(path.join(repo, 'schemas'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const declaring = schemas.filter((file) => /\bblocks\s*:\s*\{/.test(readFileSync(path.join(repo, 'schemas', file), 'utf8')));
    expect(declaring).toEqual(['layout.schema.ts']);
  });

  it('has one checker and one getter: no other function reads or checks a layout by kind', () => {
    const files = readdirSync(path.join(repo, 'app'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const found = files.flatMap((file) =>
      [...readFileSync(path.join(repo, 'app', file), 'utf8').matchAll(/export (?:async )?function (get\w*Layouts?|\w*[lL]ayoutProblems)\b/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(found).toEqual(['domain/page-kinds.ts: layoutProblems', 'services/config/config.server.ts: getLayout']);
  });

  it('has one place in the org config that names layouts: `pages`, one entry per kind', () => {
    const named: string[] = [];
    const walk = (schema: unknown) => {
      if (typeof schema !== 'object' || schema === null) return;
      for (const [key, value] of Object.entries(schema)) {
        if (key === 'properties' && typeof value === 'object' && value !== null) named.push(...Object.keys(value).filter((property) => /layouts?$/i.test(property)));
        walk(value);
      }
    };
    walk(orgConfigSchema);
    expect(named).toEqual([]);
    expect(Object.keys(orgConfigSchema.properties.pages.properties)).toEqual([...PAGE_KIND_NAMES]);
  });
});

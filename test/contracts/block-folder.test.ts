// Issue 35 acceptance 3 (first half): a block is one folder (docs/decisions/0061). In a copy of the
// repository, a new content block is added as its folder (schema.ts, view.tsx, data.server.ts) and
// one line of the home layout, and nothing else: validate:configs accepts it, holds it to its own
// schema and to the pages it names, the home page's views carry it and the wallet's do not, and
// the page's block list resolves its data and renders it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'tp-block-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const entry of ['app', 'schemas', 'scripts', 'layouts', 'org-configs', 'tsconfig.json', 'package.json', '.prettierrc.json']) {
  cpSync(path.join(repo, entry), path.join(scratch, entry), { recursive: true });
}
symlinkSync(path.join(repo, 'node_modules'), path.join(scratch, 'node_modules'));

const folder = path.join(scratch, 'app/blocks/content.greeting');
mkdirSync(folder);
writeFileSync(
  path.join(folder, 'schema.ts'),
  `import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

export default defineBlock({
  type: 'content.greeting',
  pages: CONTENT_PAGES,
  propsRequired: true,
  props: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'], additionalProperties: false },
});
`,
);
writeFileSync(
  path.join(folder, 'view.tsx'),
  `import type { BlockProps } from '../block-list';

export default function Greeting({ block, data }: BlockProps<'content.greeting'>) {
  return <p className="greeting">Hello {block.props.name}, from {data.orgName}</p>;
}
`,
);
writeFileSync(
  path.join(folder, 'data.server.ts'),
  `import type { BlockContext, TypedBlock } from '../context.server';

export default async function resolveGreeting(_block: TypedBlock<'content.greeting'>, { org }: BlockContext) {
  return { orgName: org.name };
}
`,
);

/** The home layout Wanderly uses, with `block` added: the one line a new block needs. */
function addToLayout(file: string, block: object) {
  const layoutFile = path.join(scratch, 'layouts', file);
  const layout = JSON.parse(readFileSync(layoutFile, 'utf8')) as { blocks: object[] };
  layout.blocks.push(block);
  writeFileSync(layoutFile, JSON.stringify(layout, null, 2));
}

const run = (command: string, args: string[]) => {
  try {
    return { ok: true, output: execFileSync(command, args, { cwd: scratch, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
};

describe('a new block is one folder plus a layout line', () => {
  it('is validated by its own schema and pages, reaches its kind’s views only, and renders with its data', () => {
    addToLayout('home.default.json', { id: 'greeting', type: 'content.greeting', props: { name: 'traveller' } });
    const valid = run('npm', ['run', '-s', 'validate:configs']);
    expect(valid.output).toContain('Configuration OK');
    expect(valid.ok).toBe(true);

    const views = (kind: string) => readFileSync(path.join(scratch, 'app/blocks/generated', `views.${kind}.tsx`), 'utf8');
    expect(views('home')).toContain("'content.greeting'");
    expect(views('landing')).toContain("'content.greeting'");
    expect(views('wallet')).not.toContain('greeting');

    writeFileSync(
      path.join(scratch, 'render.tsx'),
      `import { renderToStaticMarkup } from 'react-dom/server';
import { renderBlocks } from '~/blocks/block-list';
import { resolveLayout } from '~/blocks/data.server';
import { BLOCK_VIEWS } from '~/blocks/generated/views.home';
import { checkConfigs } from '~/services/config/config.server';

const { registry } = checkConfigs(process.cwd());
const org = registry!.orgs.find((candidate) => candidate.orgId === 'wanderly')!;
const layout = registry!.layouts.get(org.pages.home)!;
// The greeting alone: the home page's other blocks read the catalogue from a database.
const greeting = { ...layout, blocks: layout.blocks.filter((block) => block.type === 'content.greeting') };
const context = { org, user: null, locale: { language: 'en-US', currency: 'USD' }, pathname: '/', query: new URLSearchParams(), cookie: () => undefined };
const resolved = JSON.parse(JSON.stringify(await resolveLayout(greeting, context as never, 'production')));
console.log(renderToStaticMarkup(renderBlocks(BLOCK_VIEWS, resolved)));
`,
    );
    const rendered = run('node', ['--import', 'tsx', 'render.tsx']);
    expect(rendered.output).toContain('<p class="greeting">Hello traveller, from Wanderly Travel</p>');

    // Its own schema holds its props, and it goes only on the pages it names.
    addToLayout('home.default.json', { id: 'nameless', type: 'content.greeting', props: {} });
    addToLayout('wallet.default.json', { id: 'greeting', type: 'content.greeting', props: { name: 'traveller' } });
    const refused = run('npm', ['run', '-s', 'validate:configs']);
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/layouts\/home\.default\.json: blocks\.\d+\.props: missing required property 'name'/);
    expect(refused.output).toContain("'content.greeting' does not belong on the wallet page (it may hold wallet.topup)");
  }, 120_000);
});

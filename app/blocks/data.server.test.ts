import { describe, expect, it } from 'vitest';
import type { Layout } from '#schemas/layout.schema';
import { loadConfigRegistry } from '~/services/config/config.server';
import type { BlockContext } from './context.server';
import { resolveLayout } from './data.server';

const org = loadConfigRegistry().defaultOrg;
const context: BlockContext = {
  org,
  user: null,
  leadDays: 1,
  locale: { language: 'en-US', currency: 'USD' },
  pathname: '/',
  query: new URLSearchParams(),
  cookie: () => undefined,
};
// A layout from a newer build (or an admin draft) may name a type this build lacks.
const layout = {
  id: 'test.unknown',
  blocks: [
    { id: 'hero', type: 'home.hero', props: { titleKey: 'home.hero.title' } },
    { id: 'future', type: 'home.somethingNew' },
  ],
} as unknown as Layout;

describe('resolveLayout', () => {
  it('shows an unknown block type as a notice in development', async () => {
    const blocks = await resolveLayout(layout, context, 'development');
    expect(blocks.map((b) => b.kind)).toEqual(['block', 'unknown']);
    expect(blocks[1]).toEqual({ kind: 'unknown', id: 'future', type: 'home.somethingNew' });
  });

  it('skips an unknown block type in production', async () => {
    const blocks = await resolveLayout(layout, context, 'production');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ kind: 'block', block: { id: 'hero' } });
  });
});

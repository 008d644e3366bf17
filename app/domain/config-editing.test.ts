import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawBundle } from './config-bundle';
import { type EditedBlock, applyEdit, canRemove, editorReducer, newBlockId, paletteFor } from './config-editing';
import { MAX_BLOCKS_PER_LAYOUT, PAGE_KINDS } from './page-kinds';

const root = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown;
const bundle: RawBundle = {
  schemaVersion: 2,
  org: read('org-configs/voyagerpro.json'),
  layouts: { 'home.business': read('layouts/home.business.json'), 'sign-in.default': read('layouts/sign-in.default.json') },
};
const blocksOf = (b: RawBundle, id: string) => (b.layouts[id] as { blocks: EditedBlock[] }).blocks;

describe('config editing', () => {
  it('undo after a reorder restores the exact JSON; redo makes it again', () => {
    const start = { bundle, past: [], future: [] };
    const moved = editorReducer(start, { type: 'edit', edit: { type: 'move', layoutId: 'home.business', from: 2, to: 0 } });
    expect(blocksOf(moved.bundle, 'home.business')[0]).toEqual(blocksOf(bundle, 'home.business')[2]);
    const undone = editorReducer(moved, { type: 'undo' });
    expect(JSON.stringify(undone.bundle)).toBe(JSON.stringify(bundle));
    expect(JSON.stringify(editorReducer(undone, { type: 'redo' }).bundle)).toBe(JSON.stringify(moved.bundle));
    // Nothing to undo or redo: the state stays.
    expect(editorReducer(start, { type: 'undo' })).toBe(start);
  });

  it('adds a block under a fresh id, removes, sets props and org fields, leaving the original alone', () => {
    const before = JSON.stringify(bundle);
    const added = applyEdit(bundle, { type: 'add', layoutId: 'home.business', blockType: 'home.hero' });
    const ids = blocksOf(added, 'home.business').map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    const withProps = applyEdit(added, { type: 'fields', layoutId: 'home.business', index: 0, fields: { props: { title: 'x' } } });
    expect(blocksOf(withProps, 'home.business')[0]!.props).toEqual({ title: 'x' });
    const header = applyEdit(bundle, { type: 'set', pointer: '/org/headerVersion', value: 'v3' });
    expect((header.org as { headerVersion: string }).headerVersion).toBe('v3');
    expect(JSON.stringify(bundle)).toBe(before);
  });

  it('forks a shared layout under the organisation’s own id, pointing its pages there', () => {
    const forked = applyEdit(bundle, { type: 'fork', layoutId: 'sign-in.default', newId: 'sign-in.voyagerpro' });
    expect(Object.keys(forked.layouts)).toEqual(['home.business', 'sign-in.voyagerpro']);
    expect((forked.layouts['sign-in.voyagerpro'] as { id: string }).id).toBe('sign-in.voyagerpro');
    expect((forked.org as { pages: Record<string, unknown> }).pages['sign-in']).toBe('sign-in.voyagerpro');
  });

  it('keeps required blocks and the kind’s palette', () => {
    const signIn = blocksOf(bundle, 'sign-in.default');
    const credentials = signIn.findIndex((b) => b.type === 'auth.credentials');
    expect(canRemove(PAGE_KINDS['sign-in'], signIn, credentials)).toBe(false);
    expect(paletteFor(PAGE_KINDS['sign-in'], signIn, MAX_BLOCKS_PER_LAYOUT)).not.toContain('auth.credentials');
    expect(paletteFor(PAGE_KINDS['sign-in'], signIn, MAX_BLOCKS_PER_LAYOUT)).toContain('auth.text');
    const full = Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => ({ id: `b${i}`, type: 'home.hero' }));
    expect(paletteFor(PAGE_KINDS.home, full, MAX_BLOCKS_PER_LAYOUT)).toEqual([]);
    expect(newBlockId([{ id: 'hero', type: 'home.hero' }], 'home.hero')).toBe('hero-2');
  });
});

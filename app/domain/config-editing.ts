// The console's edits of a draft bundle (docs/decisions/0063), pure: each makes a new bundle, so
// undo and redo are the bundles before and after, exactly. The one validator (on the server)
// judges the result; these only keep an edit from being made nonsensically (removing a block the
// page needs, adding one it does not take or one too many).
import type { RawBundle } from './config-bundle';
import { pointerTokens } from './config-bundle';
import type { PageKind } from './page-kinds';

/** What the editor knows of a page kind's rules (app/domain/page-kinds.ts, sent by the console's loader: the browser never loads the block registry). */
export type KindRules = { blocks: readonly string[]; requires?: readonly string[]; repeats?: readonly string[] };

export type EditedBlock = { id: string; type: string; variant?: unknown; props?: unknown };
type EditedLayout = { kind: PageKind; id: string; blocks: EditedBlock[] };

export type Edit =
  | { type: 'move'; layoutId: string; from: number; to: number }
  | { type: 'remove'; layoutId: string; index: number }
  | { type: 'add'; layoutId: string; blockType: string }
  | { type: 'fields'; layoutId: string; index: number; fields: { variant?: unknown; props?: unknown } }
  | { type: 'set'; pointer: string; value: unknown }
  | { type: 'fork'; layoutId: string; newId: string };

const layoutOf = (bundle: RawBundle, id: string) => bundle.layouts[id] as EditedLayout;

/** A block id not yet on the layout, after its type: `featured`, `featured-2`, … */
export function newBlockId(blocks: readonly EditedBlock[], type: string): string {
  const stem = type
    .slice(type.indexOf('.') + 1)
    .replace(/[^a-zA-Z0-9-]/g, '-')
    .toLowerCase();
  let id = stem;
  for (let n = 2; blocks.some((b) => b.id === id); n += 1) id = `${stem}-${n}`;
  return id;
}

/** Whether the block at `index` may go: not the last of a type the page cannot work without. */
export function canRemove(rule: KindRules, blocks: readonly EditedBlock[], index: number): boolean {
  const type = blocks[index]?.type;
  const required = rule.requires ?? [];
  return type !== undefined && (!required.includes(type) || blocks.filter((b) => b.type === type).length > 1);
}

/** The block types an admin may add to a page holding `blocks`: its kind's, less once-only ones already there; none past `maxBlocks`. */
export function paletteFor(rule: KindRules, blocks: readonly EditedBlock[], maxBlocks: number): string[] {
  if (blocks.length >= maxBlocks) return [];
  const repeats = rule.repeats;
  return rule.blocks.filter((type) => !repeats || repeats.includes(type) || !blocks.some((b) => b.type === type));
}

function setAt(target: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const [head, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(target)) {
    const copy = [...target];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const object = { ...(typeof target === 'object' && target !== null ? (target as Record<string, unknown>) : {}) };
  const next = setAt(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object;
}

/** The bundle after one edit; the bundle given is not touched. */
export function applyEdit(bundle: RawBundle, edit: Edit): RawBundle {
  if (edit.type === 'set') return setAt(bundle, pointerTokens(edit.pointer), edit.value) as RawBundle;
  if (edit.type === 'fork') {
    const layout = layoutOf(bundle, edit.layoutId);
    const pages = Object.fromEntries(
      Object.entries((bundle.org as { pages: Record<string, unknown> }).pages).map(([kind, choice]) => {
        if (choice === edit.layoutId) return [kind, edit.newId];
        if (typeof choice !== 'object' || choice === null) return [kind, choice];
        const { default: fallback, byProduct } = choice as { default: string; byProduct?: Record<string, string> };
        const swap = (id: string) => (id === edit.layoutId ? edit.newId : id);
        return [kind, { default: swap(fallback), ...(byProduct ? { byProduct: Object.fromEntries(Object.entries(byProduct).map(([p, id]) => [p, swap(id)])) } : {}) }];
      }),
    );
    const layouts = Object.fromEntries(Object.entries(bundle.layouts).filter(([id]) => id !== edit.layoutId));
    layouts[edit.newId] = { ...layout, id: edit.newId };
    return { ...bundle, org: { ...(bundle.org as object), pages }, layouts: Object.fromEntries(Object.entries(layouts).sort(([a], [b]) => a.localeCompare(b))) };
  }
  const layout = layoutOf(bundle, edit.layoutId);
  const blocks = [...layout.blocks];
  if (edit.type === 'move') {
    const [moved] = blocks.splice(edit.from, 1);
    blocks.splice(Math.max(0, Math.min(blocks.length, edit.to)), 0, moved!);
  } else if (edit.type === 'remove') blocks.splice(edit.index, 1);
  else if (edit.type === 'add') blocks.push({ id: newBlockId(blocks, edit.blockType), type: edit.blockType });
  else {
    // What the block's form edits (variant, props) is replaced, and left out when empty; the rest of the block stays as it was.
    const { variant: _variant, props: _props, ...rest } = blocks[edit.index]!;
    const { variant, props } = edit.fields;
    blocks[edit.index] = { ...rest, ...(variant === undefined ? {} : { variant }), ...(props === undefined ? {} : { props }) };
  }
  return { ...bundle, layouts: { ...bundle.layouts, [edit.layoutId]: { ...layout, blocks } } };
}

/** The editor's draft with its undo and redo stacks. */
export type EditorState = { bundle: RawBundle; past: RawBundle[]; future: RawBundle[] };

export type EditorAction = { type: 'edit'; edit: Edit } | { type: 'undo' } | { type: 'redo' } | { type: 'load'; bundle: RawBundle };

const MAX_UNDO = 200;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      return { bundle: applyEdit(state.bundle, action.edit), past: [...state.past, state.bundle].slice(-MAX_UNDO), future: [] };
    case 'undo': {
      const previous = state.past.at(-1);
      return previous ? { bundle: previous, past: state.past.slice(0, -1), future: [state.bundle, ...state.future] } : state;
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      return next ? { bundle: next, past: [...state.past, state.bundle], future: rest } : state;
    }
    case 'load':
      // What the server merged in becomes the draft; what came before it can still be undone.
      return { bundle: action.bundle, past: [...state.past, state.bundle].slice(-MAX_UNDO), future: [] };
  }
}

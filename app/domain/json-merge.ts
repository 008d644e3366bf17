// A three-way merge of JSON documents (docs/decisions/0063): what two admins changed from the same
// base version, both kept where they changed different things, a clash where they changed the same
// thing differently. Lists of objects with unique string `id`s (a layout's blocks) merge by id, so
// one admin's reorder and another's edit of a block's props both survive.
import { pointerOf } from './config-bundle';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One thing both sides changed differently: its pointer and the three values (absent = undefined). */
export type MergeClash = { pointer: string; base: Json | undefined; theirs: Json | undefined; mine: Json | undefined };

export type MergeResult = { value: Json | undefined; clashes: MergeClash[] };

type Item = { [key: string]: Json };

const isObject = (value: Json | undefined): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** The ids of a list whose items are all objects with distinct string ids, else null. */
function idsOf(value: Json | undefined): string[] | null {
  if (!Array.isArray(value)) return null;
  const ids: string[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.id !== 'string' || ids.includes(item.id)) return null;
    ids.push(item.id);
  }
  return ids;
}

/** The admin's answer to the clash at a pointer: keep their value or mine. */
export type ClashChoices = Readonly<Record<string, 'theirs' | 'mine'>>;

type Ctx = { clashes: MergeClash[]; choices: ClashChoices };

/**
 * Merges `theirs` (saved since `base`) and `mine` (edited from `base`). A clash the admin has
 * answered in `choices` (by its pointer, as an earlier merge of the same three named it) takes
 * the chosen side; one still open is listed, and `value` holds theirs there.
 */
export function mergeJson(base: Json | undefined, theirs: Json | undefined, mine: Json | undefined, choices: ClashChoices = {}): MergeResult {
  const ctx: Ctx = { clashes: [], choices };
  const value = merge(base, theirs, mine, [], ctx);
  return { value, clashes: ctx.clashes };
}

function clash(base: Json | undefined, theirs: Json | undefined, mine: Json | undefined, at: (string | number)[], ctx: Ctx): Json | undefined {
  const pointer = pointerOf(at);
  const choice = ctx.choices[pointer];
  if (choice) return choice === 'mine' ? mine : theirs;
  ctx.clashes.push({ pointer, base, theirs, mine });
  return theirs;
}

function merge(base: Json | undefined, theirs: Json | undefined, mine: Json | undefined, at: (string | number)[], ctx: Ctx): Json | undefined {
  if (jsonEqual(theirs, mine)) return theirs;
  if (jsonEqual(base, theirs)) return mine;
  if (jsonEqual(base, mine)) return theirs;
  if (isObject(base) && isObject(theirs) && isObject(mine)) return mergeObjects(base, theirs, mine, at, ctx);
  const baseIds = idsOf(base);
  const theirIds = idsOf(theirs);
  const myIds = idsOf(mine);
  if (baseIds && theirIds && myIds) return mergeById(base as Item[], theirs as Item[], mine as Item[], at, ctx);
  return clash(base, theirs, mine, at, ctx);
}

function mergeObjects(base: Item, theirs: Item, mine: Item, at: (string | number)[], ctx: Ctx) {
  const out: Item = {};
  const keys = [...Object.keys(theirs), ...Object.keys(mine).filter((key) => !Object.hasOwn(theirs, key))];
  for (const key of keys) {
    const value = merge(base[key], theirs[key], mine[key], [...at, key], ctx);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Lists keyed by id: each item merged by its id; an item one side removed and the other changed is
 * a clash; the order is the side's that changed it (a clash when both reordered differently), with
 * the other side's new items after their predecessor there.
 */
function mergeById(base: Item[], theirs: Item[], mine: Item[], at: (string | number)[], ctx: Ctx): Json | undefined {
  const byId = (list: Item[]) => new Map(list.map((item) => [item.id as string, item]));
  const [b, t, m] = [byId(base), byId(theirs), byId(mine)];
  const orderOf = (list: Item[], keep: (id: string) => boolean) => list.map((item) => item.id as string).filter(keep);
  // The order each side gave the items all three still have: a reorder is a change of it.
  const common = (id: string) => b.has(id) && t.has(id) && m.has(id);
  const baseOrder = orderOf(base, common);
  const theirOrder = orderOf(theirs, common);
  const myOrder = orderOf(mine, common);
  const mineReordered = !jsonEqual(baseOrder, myOrder);
  const theirsReordered = !jsonEqual(baseOrder, theirOrder);
  if (mineReordered && theirsReordered && !jsonEqual(theirOrder, myOrder)) return clash(base, theirs, mine, at, ctx);
  const leading = mineReordered ? mine : theirs;
  const other = mineReordered ? theirs : mine;
  const order = leading.map((item) => item.id as string);
  // The other side's new items, each after the item before it there (or first).
  other.forEach((item, i) => {
    const id = item.id as string;
    if (order.includes(id) || b.has(id)) return;
    const before = i === 0 ? -1 : order.indexOf(other[i - 1]!.id as string);
    order.splice(before + 1, 0, id);
  });
  // An item's pointer is its place in what the merge answers (where it would stand, if dropped).
  const out: Json[] = [];
  for (const id of order) {
    const value = merge(b.get(id), t.get(id), m.get(id), [...at, out.length], ctx);
    if (value !== undefined) out.push(value);
  }
  return out;
}

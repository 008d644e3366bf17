// A readable, block-aware diff between two configuration bundles (docs/decisions/0063): what an
// admin reviews before publishing and what history shows between any two versions. Layout blocks
// are followed by id ("moved block featured from 4 to 2"), lists of objects by their id or code,
// lists of plain values as what was added and removed, everything else as "before → after".
import { type Json, jsonEqual } from './json-merge';
import { pointerOf } from './config-bundle';

export type DiffLine = { pointer: string; text: string };

type Obj = { [key: string]: Json };
const isObject = (value: Json | undefined): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one short readable phrase. */
function show(value: Json | undefined): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value.length > 60 ? `“${value.slice(0, 57)}…”` : `“${value}”`;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The key a list's objects are followed by (`id`, else `code`), when each has a distinct one. */
function keyOf(list: Json[]): 'id' | 'code' | null {
  for (const key of ['id', 'code'] as const) {
    const values = list.map((item) => (isObject(item) ? item[key] : undefined));
    if (values.every((v) => typeof v === 'string') && new Set(values).size === values.length) return key;
  }
  return null;
}

function diffValue(before: Json | undefined, after: Json | undefined, path: (string | number)[], lines: DiffLine[], what: string): void {
  if (jsonEqual(before, after)) return;
  const pointer = pointerOf(path);
  if (before === undefined) return void lines.push({ pointer, text: `${what} added: ${show(after)}` });
  if (after === undefined) return void lines.push({ pointer, text: `${what} removed (was ${show(before)})` });
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) diffValue(before[key], after[key], [...path, key], lines, what ? `${what}.${key}` : key);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = keyOf(before) && keyOf(before) === keyOf(after) ? keyOf(before) : null;
    if (key) return diffKeyedList(before as Obj[], after as Obj[], key, path, lines, what);
    if ([...before, ...after].every((v) => !isObject(v) && !Array.isArray(v))) {
      const added = after.filter((v) => !before.some((b) => jsonEqual(b, v)));
      const removed = before.filter((v) => !after.some((a) => jsonEqual(a, v)));
      if (added.length > 0) lines.push({ pointer, text: `${what}: added ${added.map(show).join(', ')}` });
      if (removed.length > 0) lines.push({ pointer, text: `${what}: removed ${removed.map(show).join(', ')}` });
      if (added.length === 0 && removed.length === 0) lines.push({ pointer, text: `${what}: reordered` });
      return;
    }
  }
  lines.push({ pointer, text: `${what} ${show(before)} → ${show(after)}` });
}

/** Items followed by their key: added, removed, moved (1-based places among those kept), changed. */
function diffKeyedList(before: Obj[], after: Obj[], key: 'id' | 'code', path: (string | number)[], lines: DiffLine[], what: string): void {
  const name = path.at(-1) === 'blocks' ? 'block' : `${what} item`;
  const where = path.at(-1) === 'blocks' ? ` (${what.replace(/\.blocks$/, '')})` : '';
  const ids = (list: Obj[]) => list.map((item) => item[key] as string);
  const [was, now] = [ids(before), ids(after)];
  for (const id of was.filter((id) => !now.includes(id))) lines.push({ pointer: pointerOf([...path, was.indexOf(id)]), text: `removed ${name} ${id}${where}` });
  for (const id of now.filter((id) => !was.includes(id)))
    lines.push({ pointer: pointerOf([...path, now.indexOf(id)]), text: `added ${name} ${id} at ${now.indexOf(id) + 1}${where}` });
  const keptWas = was.filter((id) => now.includes(id));
  const keptNow = now.filter((id) => was.includes(id));
  keptNow.forEach((id, i) => {
    const from = keptWas.indexOf(id);
    // Only what moved against its neighbours: one block moved up is one line, not one per block it passed.
    if (from !== i && keptWas[from - 1] !== keptNow[i - 1] && keptWas[from + 1] !== keptNow[i + 1]) {
      lines.push({ pointer: pointerOf([...path, now.indexOf(id)]), text: `moved ${name} ${id} from ${was.indexOf(id) + 1} to ${now.indexOf(id) + 1}${where}` });
    }
    const [old, next] = [before[was.indexOf(id)]!, after[now.indexOf(id)]!];
    for (const field of new Set([...Object.keys(old), ...Object.keys(next)])) {
      diffValue(old[field], next[field], [...path, now.indexOf(id), field], lines, `${name} ${id}${where}: ${field}`);
    }
  });
}

/** What changed from `before` to `after` (two bundles), one readable line per change. */
export function configDiff(before: { org: unknown; layouts: Record<string, unknown> }, after: { org: unknown; layouts: Record<string, unknown> }): DiffLine[] {
  const lines: DiffLine[] = [];
  diffValue(before.org as Json, after.org as Json, ['org'], lines, '');
  for (const id of new Set([...Object.keys(before.layouts), ...Object.keys(after.layouts)])) {
    const [old, next] = [before.layouts[id] as Json | undefined, after.layouts[id] as Json | undefined];
    if (old === undefined) lines.push({ pointer: pointerOf(['layouts', id]), text: `layout ${id} added` });
    else if (next === undefined) lines.push({ pointer: pointerOf(['layouts', id]), text: `layout ${id} removed` });
    else diffValue(old, next, ['layouts', id], lines, `layout ${id}`);
  }
  return lines;
}

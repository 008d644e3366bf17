import { singleton } from '~/utils/singleton.server';
import { type OpenedDatabase, getOpenedDatabase } from './db.server';

/**
 * Rows every request reads (the page versions, the visitor's session) kept in this process until
 * the database says they changed (docs/decisions/0042). Only on the embedded database: its one
 * process does all the writing, and PGlite hands a NOTIFY to its listeners as it reads the
 * COMMIT's answer, before the writer goes on, so the first read after a change always reads again.
 * On PostgreSQL other instances write too and notices arrive late: every read goes to the database.
 */
export type KeptUntilChanged<V> = {
  /**
   * The value kept under `key`, or what `read` answers (kept until the next notice on the
   * channel, or until `stillGood` says no). `read` is told whether its answer will be kept.
   */
  get(key: string, read: (keeping: boolean) => Promise<V>, stillGood?: (value: V) => boolean): Promise<V>;
};

type Kept = { listening: Promise<unknown>; entries: Map<string, Promise<unknown>> };

// Per opened database and name, shared by both copies of the app modules (each copy makes its own
// `keptUntilChanged` of the same name: they keep the same rows).
const keptByDatabase = singleton('kept-until-changed', () => new WeakMap<OpenedDatabase, Map<string, Kept>>());

function keptOn(opened: OpenedDatabase, name: string, channels: readonly string[]): Kept {
  let named = keptByDatabase.get(opened);
  if (!named) keptByDatabase.set(opened, (named = new Map()));
  let kept = named.get(name);
  if (!kept) {
    const entries = new Map<string, Promise<unknown>>();
    const forgetAll = () => entries.clear();
    const listening = Promise.all(channels.map((channel) => opened.listen(channel, forgetAll, forgetAll)));
    kept = { listening, entries };
    named.set(name, kept);
    // A failed LISTEN is tried again by the next read.
    listening.catch(() => named.delete(name));
  }
  return kept;
}

/**
 * Freezes a kept value's plain objects and arrays: every request gets the same one, so a caller
 * that changed it would change other visitors' pages. Changing it throws instead.
 */
function frozen<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) frozen(inner);
  return value;
}

/**
 * Values named `name`, kept until a notice on any of `channels` (sent by a trigger, in the
 * writer's transaction), at most `maxEntries` of them: past that, all are forgotten and read
 * again. Kept values are frozen (their plain objects and arrays): treat them as read-only.
 */
export function keptUntilChanged<V>(name: string, channels: readonly string[], maxEntries: number): KeptUntilChanged<V> {
  return {
    async get(key, read, stillGood) {
      const opened = getOpenedDatabase();
      if (opened.kind !== 'pglite') return read(false);
      const { listening, entries } = keptOn(opened, name, channels);
      await listening;
      let value = entries.get(key) as Promise<V> | undefined;
      if (value && stillGood && !stillGood(await value)) {
        if (entries.get(key) === value) entries.delete(key);
        value = entries.get(key) as Promise<V> | undefined;
      }
      if (!value) {
        if (entries.size >= maxEntries) entries.clear();
        value = read(true).then(frozen);
        entries.set(key, value);
        // A failed read is not kept; one a notice already replaced stays replaced.
        value.catch(() => entries.get(key) === value && entries.delete(key));
      }
      return value;
    },
  };
}

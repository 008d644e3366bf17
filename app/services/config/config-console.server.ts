// What the admin console (/admin) reads and does (docs/decisions/0063). Every function takes a
// caller the access gate let through for that action (config-access.server.ts); the routes stay
// thin: parse, call, answer.
import type { RawBundle } from '~/domain/config-bundle';
import { pointerOfProblem } from '~/domain/config-bundle';
import { type DiffLine, configDiff } from '~/domain/config-diff';
import { type ClashChoices, type Json, type MergeClash, mergeJson } from '~/domain/json-merge';
import { MAX_BLOCKS_PER_LAYOUT, PAGE_KINDS, PAGE_KIND_NAMES } from '~/domain/page-kinds';
import type { Database } from '../platform/db.server';
import type { ConsoleCaller } from './config-access.server';
import type { ConfigProblem } from './config-check.server';
import { type StoredVersion, approvalsOf, bundleOf, headOf, historyOf, problemsOf, publishedVersions, saveDraft, versionOf } from './config-store.server';

/** A problem as the console shows it: on its field or block (the pointer) and counted in its section. */
export type ConsoleProblem = { pointer: string; section: string; message: string };

/** The section a pointer falls in: an org config's top-level key, or one layout. */
export function sectionOf(pointer: string): string {
  const [, part, key] = pointer.split('/');
  return part === 'layouts' ? `layout:${key ?? ''}` : (key ?? '(root)');
}

export function consoleProblems(problems: readonly ConfigProblem[]): ConsoleProblem[] {
  return problems.map((p) => {
    const pointer = pointerOfProblem(p.file, p.path);
    return { pointer, section: sectionOf(pointer), message: p.message };
  });
}

const summary = (v: StoredVersion) => ({ id: v.id, author: v.author, note: v.note, createdAt: v.created_at.toISOString(), schemaVersion: v.schema_version });

/** The draft and what the console needs to edit it: the bundle, its problems, the page kinds' block rules. */
export async function consoleDraft(db: Database, caller: ConsoleCaller) {
  const head = (await headOf(db, caller.orgId))!;
  const draft = (await versionOf(db, caller.orgId, head.draftId))!;
  const bundle = bundleOf(draft);
  const others = (await publishedVersions(db)).filter((v) => v.org_id !== caller.orgId);
  return {
    draft: summary(draft),
    publishedId: head.publishedId,
    bundle,
    /** Layout ids other organisations publish too: the editor copies one under an id of this organisation's own before changing it. */
    sharedLayouts: [...new Set(others.flatMap((v) => Object.keys(bundleOf(v).layouts)))].sort(),
    problems: consoleProblems(await problemsOf(db, caller.orgId, bundle)),
    pageKinds: PAGE_KIND_NAMES.map((kind) => ({ kind, ...PAGE_KINDS[kind] })),
    maxBlocks: MAX_BLOCKS_PER_LAYOUT,
  };
}

/** The overview: draft against published, its problems and diff, four eyes, approvals, recent history. */
export async function consoleOverview(db: Database, caller: ConsoleCaller) {
  const head = (await headOf(db, caller.orgId))!;
  const [draft, published] = await Promise.all([versionOf(db, caller.orgId, head.draftId), versionOf(db, caller.orgId, head.publishedId)]);
  const draftBundle = bundleOf(draft!);
  const approvals = await approvalsOf(db, head.draftId);
  return {
    orgId: caller.orgId,
    role: caller.role,
    draft: summary(draft!),
    published: summary(published!),
    needsApproval: head.needsApproval,
    approvals: approvals.map((a) => a.email),
    problems: consoleProblems(await problemsOf(db, caller.orgId, draftBundle)),
    changes: configDiff(bundleOf(published!), draftBundle),
    history: (await historyOf(db, caller.orgId, 20)).map((v) => ({ id: v.id, author: v.author, note: v.note, createdAt: v.created_at.toISOString() })),
  };
}

/** The readable changes from version `from` to version `to`, both the organisation's; null when either is not. */
export async function consoleDiff(db: Database, caller: ConsoleCaller, from: number, to: number): Promise<DiffLine[] | null> {
  const [a, b] = await Promise.all([versionOf(db, caller.orgId, from), versionOf(db, caller.orgId, to)]);
  return a && b ? configDiff(bundleOf(a), bundleOf(b)) : null;
}

export type ConsoleSave =
  | { kind: 'saved'; draftId: number; problems: ConsoleProblem[] }
  | { kind: 'merged'; draftId: number; bundle: RawBundle; problems: ConsoleProblem[] }
  | { kind: 'clash'; draftId: number; clashes: MergeClash[] }
  | { kind: 'unknown-base' };

/**
 * Saves the admin's bundle, edited from version `baseId`. When the draft moved on meanwhile, the
 * admin's changes are merged into it: kept both where they touch different things, and saved;
 * where both changed the same thing, nothing is saved and the clashes are answered (409), until
 * the admin's `choices` answer each of them. Nothing is ever overwritten silently.
 */
export async function consoleSave(db: Database, caller: ConsoleCaller, input: { baseId: number; bundle: RawBundle; note: string; choices?: ClashChoices }): Promise<ConsoleSave> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const base = await versionOf(db, caller.orgId, input.baseId);
    if (!base) return { kind: 'unknown-base' };
    const head = (await headOf(db, caller.orgId))!;
    let bundle = input.bundle;
    let merged = false;
    if (head.draftId !== input.baseId) {
      const draft = (await versionOf(db, caller.orgId, head.draftId))!;
      const result = mergeJson(bundleOf(base) as unknown as Json, bundleOf(draft) as unknown as Json, input.bundle as unknown as Json, input.choices);
      if (result.clashes.length > 0) return { kind: 'clash', draftId: head.draftId, clashes: result.clashes };
      bundle = result.value as unknown as RawBundle;
      merged = true;
    }
    const saved = await saveDraft(db, { orgId: caller.orgId, baseId: head.draftId, bundle, actor: caller.actor, note: input.note });
    // Another save slipped in between the read and this one: merge against it in turn.
    if (saved.kind === 'stale') continue;
    if (saved.kind !== 'saved') return { kind: 'unknown-base' };
    const problems = consoleProblems(await problemsOf(db, caller.orgId, bundle));
    return merged ? { kind: 'merged', draftId: saved.version.id, bundle, problems } : { kind: 'saved', draftId: saved.version.id, problems };
  }
  throw new Error('the draft kept moving: five saves in a row were overtaken');
}

/** What the one validator says of a bundle the console holds, unsaved. */
export async function consoleValidate(db: Database, caller: ConsoleCaller, bundle: RawBundle): Promise<ConsoleProblem[]> {
  return consoleProblems(await problemsOf(db, caller.orgId, bundle));
}

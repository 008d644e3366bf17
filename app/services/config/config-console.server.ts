// What the admin console (/admin) reads and does (docs/decisions/0063). Every function takes a
// caller the access gate let through for that action (config-access.server.ts); the routes stay
// thin: parse, call, answer.
import type { RawBundle } from '~/domain/config-bundle';
import { pointerOfProblem } from '~/domain/config-bundle';
import { type DiffLine, configDiff } from '~/domain/config-diff';
import { problemText } from '~/domain/config-problem-text';
import type { LanguageCode } from '~/domain/reference-data';
import { READ_ONLY_KEYS, consoleSchema, consoleSectionOf, consoleUiSchema } from '~/domain/config-form';
import { type ClashChoices, type Json, type MergeClash, mergeJson } from '~/domain/json-merge';
import { MAX_BLOCKS_PER_LAYOUT, PAGE_KINDS, PAGE_KIND_NAMES } from '~/domain/page-kinds';
import { type OrgConfig, orgConfigSchema } from '#schemas/org-config.schema';
import { BLOCK_SCHEMAS } from '#schemas/blocks.schema';
import { minorToMajor } from '~/domain/coupon-cash';
import type { Database } from '../platform/db.server';
import { SAMPLE_BOOKING_EMAIL, bookingEmailTemplateProblem, renderBookingEmail } from '../booking/booking-email-template.server';
import { planHtmlProblem, renderPlanHtml } from '../membership/plan-html.server';
import type { ConsoleCaller } from './config-access.server';
import type { ConfigProblem } from './config-check.server';
import { type StoredVersion, approvalsOf, bundleOf, headOf, historyOf, problemsOf, publishedVersions, saveDraft, versionOf } from './config-store.server';

/** A problem as the console shows it: on its field or block (the pointer) and counted in its section. */
export type ConsoleProblem = { pointer: string; section: string; message: string };

/** The validator's problems as the console shows them, in the admin's language. */
export function consoleProblems(problems: readonly ConfigProblem[], language: LanguageCode = 'en-US'): ConsoleProblem[] {
  return problems.map((p) => {
    const pointer = pointerOfProblem(p.file, p.path);
    return { pointer, section: consoleSectionOf(pointer), message: problemText(p.message, language) };
  });
}

const summary = (v: StoredVersion) => ({ id: v.id, author: v.author, note: v.note, createdAt: v.created_at.toISOString(), schemaVersion: v.schema_version });

/** A template as the organisation's members would read it, rendered with sample values; null while it has a problem. */
export type TemplatePreviews = Record<string, { html: string } | { subject: string; text: string } | null>;

/**
 * The membership plans' descriptions and the booking e-mails of a bundle, rendered on the server
 * (Handlebars never reaches the browser) with sample values, by the pointer of what they render:
 * `/org/membership/plans/0/texts/en-US/html`, `/org/booking/emails/confirmed/en-US`.
 */
export function templatePreviews(bundle: RawBundle): TemplatePreviews {
  const org = bundle.org as Partial<OrgConfig>;
  const previews: TemplatePreviews = {};
  const plans = Array.isArray(org.membership?.plans) ? org.membership.plans : [];
  plans.forEach((plan, i) => {
    for (const [language, texts] of Object.entries(plan.texts ?? {})) {
      const money = (minor: number) => `${plan.currency} ${minorToMajor(minor).toFixed(2)}`;
      const values = {
        name: texts.name,
        initialPrice: money(plan.initialPriceMinor),
        renewalPrice: money(plan.renewalPriceMinor),
        trialDays: plan.chargeAfterDays,
        orgName: String(org.name),
      };
      previews[`/org/membership/plans/${i}/texts/${language}/html`] =
        typeof texts.html === 'string' && planHtmlProblem(texts.html) === null ? { html: renderPlanHtml(texts.html, values) } : null;
    }
  });
  for (const [status, byLanguage] of Object.entries(org.booking?.emails ?? {})) {
    for (const [language, template] of Object.entries(byLanguage)) {
      const usable = [template.subject, template.body].every((part) => typeof part === 'string' && bookingEmailTemplateProblem(part) === null);
      previews[`/org/booking/emails/${status}/${language}`] = usable
        ? renderBookingEmail(template, { ...SAMPLE_BOOKING_EMAIL, orgName: String(org.name) }, { color: '#000', onColor: '#fff' })
        : null;
    }
  }
  return previews;
}

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
    problems: consoleProblems(await problemsOf(db, caller.orgId, bundle), caller.language),
    previews: templatePreviews(bundle),
    pageKinds: PAGE_KIND_NAMES.map((kind) => ({ kind, ...PAGE_KINDS[kind] })),
    maxBlocks: MAX_BLOCKS_PER_LAYOUT,
    forms: CONSOLE_FORMS,
  };
}

/** The schemas and field kinds of the console's generated forms (decision 0064): the org config's, and each block's variant and props. */
export const CONSOLE_FORMS = (() => {
  const org = consoleSchema(orgConfigSchema);
  const blocks = Object.fromEntries(
    Object.entries(BLOCK_SCHEMAS).map(([type, schema]) => {
      const { variant, props } = (schema as { properties: { variant: unknown; props: unknown } }).properties;
      const editable = consoleSchema({ type: 'object', properties: { variant, props }, required: (schema.required as readonly string[]).filter((key) => key === 'props') });
      return [type, { schema: editable, ui: consoleUiSchema(editable) }];
    }),
  );
  return { org: { schema: org, ui: consoleUiSchema(org, READ_ONLY_KEYS) }, blocks };
})();

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
    problems: consoleProblems(await problemsOf(db, caller.orgId, draftBundle), caller.language),
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
    const problems = consoleProblems(await problemsOf(db, caller.orgId, bundle), caller.language);
    return merged ? { kind: 'merged', draftId: saved.version.id, bundle, problems } : { kind: 'saved', draftId: saved.version.id, problems };
  }
  throw new Error('the draft kept moving: five saves in a row were overtaken');
}

/** What the one validator says of a bundle the console holds, unsaved, and its templates as they would read. */
export async function consoleValidate(db: Database, caller: ConsoleCaller, bundle: RawBundle): Promise<{ problems: ConsoleProblem[]; previews: TemplatePreviews }> {
  return { problems: consoleProblems(await problemsOf(db, caller.orgId, bundle), caller.language), previews: templatePreviews(bundle) };
}

import { useFetcher } from '@remix-run/react';
import { type KeyboardEvent, Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type RawBundle, escapePointerToken } from '~/domain/config-bundle';
import { type Edit, type EditedBlock, type KindRules, editorReducer } from '~/domain/config-editing';
import { ORG_SECTIONS, problemsUnder, sectionSchema } from '~/domain/config-form';
import { layoutIdsOfPage } from '~/domain/page-layout-ids';
import type { ClashChoices, MergeClash } from '~/domain/json-merge';
import type { ConsoleProblem, TemplatePreviews } from '~/services/config/config-console.server';
import { BrowserSchemaForm, type GeneratedForm } from './browser-schema-form';
import { ProblemList } from './problem-list';

/** The layout editor (dnd-kit, decision 0064) loads with the first page kind the admin opens: the settings do not need it. */
const LayoutEditor = lazy(() => import('./layout-editor').then((module) => ({ default: module.LayoutEditor })));

type PageKindInfo = KindRules & { kind: string; label: string };
type EditorProps = {
  orgId: string;
  draft: { id: number };
  bundle: RawBundle;
  problems: ConsoleProblem[];
  previews: TemplatePreviews;
  pageKinds: PageKindInfo[];
  maxBlocks: number;
  sharedLayouts: string[];
  canSave: boolean;
  /** The generated forms' schemas and field kinds (config-console.server.ts `CONSOLE_FORMS`). */
  forms: { org: GeneratedForm; blocks: Record<string, GeneratedForm> };
};
type SaveAnswer =
  | { kind: 'saved'; draftId: number; problems: ConsoleProblem[] }
  | { kind: 'merged'; draftId: number; bundle: RawBundle; problems: ConsoleProblem[] }
  | { kind: 'clash'; draftId: number; clashes: MergeClash[] }
  | { kind: 'validated'; problems: ConsoleProblem[]; previews: TemplatePreviews }
  | { kind: 'bad-request'; message: string };

/** The draft's org config as the editor reads it: leniently, since a draft may be broken anywhere. */
type Org = Record<string, unknown> & {
  membership?: { plans?: { code: string }[] };
  theme?: { colors?: Record<string, string> };
  pages?: Record<string, unknown>;
};

/**
 * The draft editor (docs/decisions/0063): the site's settings and every page kind's layout, each
 * edit undoable, the one validator's problems on their fields and blocks as the admin edits,
 * saves on a named base (merged, or the clashes shown to choose from), and a warning before
 * leaving with unsaved changes.
 */
export function ConfigEditor(props: EditorProps) {
  const [state, dispatch] = useReducer(editorReducer, { bundle: props.bundle, past: [], future: [] });
  const [baseId, setBaseId] = useState(props.draft.id);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(props.bundle));
  const [problems, setProblems] = useState(props.problems);
  const [previews, setPreviews] = useState(props.previews);
  const [section, setSection] = useState<string>('site');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [clashes, setClashes] = useState<MergeClash[] | null>(null);
  const [choices, setChoices] = useState<Record<string, 'theirs' | 'mine'>>({});
  const validator = useFetcher<SaveAnswer>();
  const saver = useFetcher<SaveAnswer>();
  /** The bundle as the last save sent it: what a `saved` answer says is stored. */
  const sentJson = useRef('');
  const org = state.bundle.org as Org;
  const bundleJson = JSON.stringify(state.bundle);
  const dirty = bundleJson !== savedJson;
  const shared = useMemo(() => new Set(props.sharedLayouts), [props.sharedLayouts]);

  // The one validator judges every change (on the server), a moment after the last one.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => postJson(validator, { intent: 'validate', baseId, bundle: JSON.parse(bundleJson) as RawBundle }), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher's identity changes every render
  }, [bundleJson]);
  useEffect(() => {
    if (validator.data?.kind === 'validated') {
      setProblems(validator.data.problems);
      setPreviews(validator.data.previews as TemplatePreviews);
    }
  }, [validator.data]);

  useEffect(() => {
    const answer = saver.data;
    if (!answer || saver.state !== 'idle') return;
    if (answer.kind === 'saved') {
      setBaseId(answer.draftId);
      // What changed while the save was on its way is still unsaved.
      setSavedJson(sentJson.current);
      setProblems(answer.problems);
      setClashes(null);
      setMessage(`Saved as version ${answer.draftId}.`);
    } else if (answer.kind === 'merged') {
      dispatch({ type: 'load', bundle: answer.bundle as RawBundle });
      setBaseId(answer.draftId);
      setSavedJson(JSON.stringify(answer.bundle));
      setProblems(answer.problems);
      setClashes(null);
      setMessage(`Saved as version ${answer.draftId}, merged with changes another admin saved meanwhile.`);
    } else if (answer.kind === 'clash') {
      setClashes(answer.clashes as MergeClash[]);
      setChoices({});
      setMessage('Another admin changed the same things meanwhile: choose which value to keep for each.');
    } else if (answer.kind === 'bad-request') setMessage(answer.message);
  }, [saver.data, saver.state]);

  const edit = useCallback(
    (change: Edit) => {
      // A layout other organisations use too becomes this organisation's own before it changes.
      if ('layoutId' in change && change.type !== 'fork' && shared.has(change.layoutId)) {
        const kind = (state.bundle.layouts[change.layoutId] as { kind: string }).kind;
        let newId = `${kind}.${props.orgId}`;
        for (let n = 2; state.bundle.layouts[newId]; n += 1) newId = `${kind}.${props.orgId}-${n}`;
        dispatch({ type: 'edit', edit: { type: 'fork', layoutId: change.layoutId, newId } });
        dispatch({ type: 'edit', edit: { ...change, layoutId: newId } });
        setMessage(`Layout ${change.layoutId} is shared with other organisations: your changes go to ${newId}, a copy of your own.`);
        return;
      }
      dispatch({ type: 'edit', edit: change });
    },
    [shared, state.bundle.layouts, props.orgId],
  );

  const save = (withChoices?: ClashChoices) => {
    sentJson.current = bundleJson;
    postJson(saver, { intent: 'save', baseId, bundle: state.bundle, note, ...(withChoices ? { choices: withChoices } : {}) });
  };

  // Leaving with unsaved changes asks first: the console's links load a document, so the browser's own prompt covers them and closing the tab.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      dispatch({ type: 'redo' });
    }
  };

  const sections = new Map<string, number>();
  for (const p of problems) sections.set(p.section, (sections.get(p.section) ?? 0) + 1);
  const layoutProblemCount = (kind: string) => layoutIdsOfPage(org.pages?.[kind]).reduce((n, id) => n + (sections.get(`layout:${id}`) ?? 0), 0);
  const orgSection = ORG_SECTIONS.find((s) => s.id === section);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- undo and redo shortcuts for the whole editor; each control stays keyboard-usable on its own
    <div className="admin-editor" onKeyDown={onKeyDown}>
      <div className="admin-toolbar">
        <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={state.past.length === 0}>
          Undo
        </button>
        <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={state.future.length === 0}>
          Redo
        </button>
        <label htmlFor="save-note">Note</label>
        <input id="save-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
        <button type="button" onClick={() => save()} disabled={!props.canSave || !dirty || saver.state !== 'idle'}>
          {saver.state !== 'idle' ? 'Saving…' : dirty ? 'Save draft' : 'Saved'}
        </button>
        <span className="admin-status" role="status">
          {message ?? (dirty ? 'Unsaved changes.' : `Draft version ${baseId}.`)}
        </span>
      </div>

      {clashes ? (
        <section className="admin-clashes" aria-labelledby="clash-title">
          <h2 id="clash-title">Both changed</h2>
          {clashes.map((clash) => (
            <fieldset key={clash.pointer}>
              <legend>
                <code>{clash.pointer}</code>
              </legend>
              <label>
                <input
                  type="radio"
                  name={`clash-${clash.pointer}`}
                  checked={choices[clash.pointer] === 'theirs'}
                  onChange={() => setChoices({ ...choices, [clash.pointer]: 'theirs' })}
                />
                Keep theirs: <code>{JSON.stringify(clash.theirs) ?? '(removed)'}</code>
              </label>
              <label>
                <input
                  type="radio"
                  name={`clash-${clash.pointer}`}
                  checked={choices[clash.pointer] === 'mine'}
                  onChange={() => setChoices({ ...choices, [clash.pointer]: 'mine' })}
                />
                Keep mine: <code>{JSON.stringify(clash.mine) ?? '(removed)'}</code>
              </label>
            </fieldset>
          ))}
          <button type="button" disabled={clashes.some((c) => !choices[c.pointer])} onClick={() => save(choices)}>
            Save with these choices
          </button>
        </section>
      ) : null}

      <div className="admin-editor-body">
        <nav aria-label="Sections" className="admin-sections">
          {ORG_SECTIONS.map((s) => (
            <button key={s.id} type="button" aria-pressed={section === s.id} onClick={() => setSection(s.id)}>
              {s.label}
              {countOf(sections.get(s.id) ?? 0)}
            </button>
          ))}
          {props.pageKinds.map((k) => (
            <button key={k.kind} type="button" aria-pressed={section === k.kind} onClick={() => setSection(k.kind)}>
              {k.kind}
              {countOf(layoutProblemCount(k.kind))}
            </button>
          ))}
        </nav>
        <div className="admin-section">
          {orgSection ? (
            <OrgSectionEditor
              section={orgSection}
              form={props.forms.org}
              org={org}
              problems={problems.filter((p) => p.section === orgSection.id)}
              previews={previews}
              readonly={!props.canSave}
              onSet={(pointer, value) => edit({ type: 'set', pointer, value })}
            />
          ) : (
            <Suspense fallback={<p className="admin-hint">Loading the layout editor…</p>}>
              {layoutIdsOfPage(org.pages?.[section]).map((layoutId, position) => (
                <LayoutEditor
                  // By place, not id: the first change of a shared layout renames it to this organisation's copy, and the admin stays where they were.
                  key={`${section}-${position}`}
                  kind={section}
                  rule={props.pageKinds.find((k) => k.kind === section)!}
                  maxBlocks={props.maxBlocks}
                  layoutId={layoutId}
                  blocks={(state.bundle.layouts[layoutId] as { blocks?: EditedBlock[] } | undefined)?.blocks ?? []}
                  problems={problemsUnder(problems, `/layouts/${escapePointerToken(layoutId)}`)}
                  shared={shared.has(layoutId)}
                  readonly={!props.canSave}
                  blockForms={props.forms.blocks}
                  onEdit={edit}
                />
              ))}
            </Suspense>
          )}
        </div>
      </div>
      <section aria-labelledby="all-problems">
        <h2 id="all-problems">All problems</h2>
        <ProblemList problems={problems} />
      </section>
    </div>
  );
}

/** Posts a call to the editor's action: a page takes forms only (server/body-limit.ts), so the JSON travels in one field. */
function postJson(fetcher: { submit: (target: Record<string, string>, options: { method: 'post' }) => void }, body: object) {
  fetcher.submit({ payload: JSON.stringify(body) }, { method: 'post' });
}

const countOf = (n: number) => (n > 0 ? ` (${n} problem${n === 1 ? '' : 's'})` : '');

/**
 * One section of the organisation's config as a generated form (decision 0064): its top-level
 * keys, each change an undoable edit of the key it touched. Plans and e-mails show how their
 * templates read below the form.
 */
function OrgSectionEditor(props: {
  section: (typeof ORG_SECTIONS)[number];
  form: GeneratedForm;
  org: Org;
  problems: ConsoleProblem[];
  previews: TemplatePreviews;
  readonly: boolean;
  onSet: (pointer: string, value: unknown) => void;
}) {
  const { section, form, org, onSet } = props;
  const keys = section.keys as readonly string[];
  const schema = useMemo(() => ({ ...sectionSchema(form.schema, keys), title: section.label }), [form.schema, keys, section.label]);
  const value = Object.fromEntries(keys.filter((key) => org[key] !== undefined).map((key) => [key, org[key]]));
  return (
    <div>
      <BrowserSchemaForm
        idPrefix="org"
        schema={schema}
        uiSchema={form.ui}
        value={value}
        base="/org"
        problems={props.problems}
        readonly={props.readonly}
        colors={org.theme?.colors}
        onChange={(next) => {
          const changed = (next ?? {}) as Record<string, unknown>;
          for (const key of keys) {
            if (JSON.stringify(changed[key]) !== JSON.stringify(org[key])) onSet(`/org/${escapePointerToken(key)}`, changed[key]);
          }
        }}
      />
      {section.id === 'membership' || section.id === 'booking' ? <TemplatePreviewList org={org} previews={props.previews} only={section.id} /> : null}
    </div>
  );
}

/**
 * How the membership plans' descriptions (Handlebars: a few plain tags and {{values}}) and the
 * booking e-mails read, rendered on the server with sample values.
 */
function TemplatePreviewList({ org, previews, only }: { org: Org; previews: TemplatePreviews; only: 'membership' | 'booking' }) {
  const prefix = only === 'membership' ? '/org/membership/' : '/org/booking/';
  const entries = Object.entries(previews).filter(([pointer]) => pointer.startsWith(prefix));
  if (entries.length === 0) return null;
  const nameOf = (pointer: string) => {
    const parts = pointer.split('/');
    return only === 'membership' ? `Plan ${org.membership?.plans?.[Number(parts[4])]?.code ?? parts[4]} (${parts[6]})` : `E-mail: booking ${parts[4]} (${parts[5]})`;
  };
  return (
    <section aria-labelledby={`previews-${only}`}>
      <h2 id={`previews-${only}`}>How they read</h2>
      {entries.map(([pointer, preview]) => (
        <div key={pointer}>
          <h3>{nameOf(pointer)}</h3>
          {preview === null ? (
            <p className="admin-hint">Fix the template to see it rendered.</p>
          ) : 'html' in preview ? (
            // The template allows only plain tags without attributes and escaped values (checked on the server): safe to show as it renders.
            <div className="admin-rendered" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <pre className="admin-rendered">
              {preview.subject}
              {'\n\n'}
              {preview.text}
            </pre>
          )}
        </div>
      ))}
    </section>
  );
}

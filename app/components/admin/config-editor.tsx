import { DndContext, type DragEndEvent, type KeyboardCoordinateGetter, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useFetcher } from '@remix-run/react';
import { type ComponentProps, type KeyboardEvent, Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type RawBundle, escapePointerToken } from '~/domain/config-bundle';
import { type Edit, type EditedBlock, type KindRules, canRemove, editorReducer, paletteFor } from '~/domain/config-editing';
import { ORG_SECTIONS, sectionSchema, splitBlockProblems } from '~/domain/config-form';
import type { ClashChoices, MergeClash } from '~/domain/json-merge';
import type { ConsoleProblem, TemplatePreviews } from '~/services/config/config-console.server';
import { ProblemList } from './problem-list';

/**
 * The generated forms (react-jsonschema-form, decision 0064) load after the editor has painted, in
 * a chunk of their own, and render in the browser only: their templates set inline styles, which
 * the page's CSP refuses in server-rendered markup but not when React applies them.
 */
const LazySchemaForm = lazy(() => import('./schema-form').then((module) => ({ default: module.SchemaForm })));

function SchemaForm(props: ComponentProps<typeof LazySchemaForm>) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const loading = <p className="admin-hint">Loading the form…</p>;
  return inBrowser ? (
    <Suspense fallback={loading}>
      <LazySchemaForm {...props} />
    </Suspense>
  ) : (
    loading
  );
}

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
type GeneratedForm = { schema: Record<string, unknown>; ui: Record<string, unknown> };
type SaveAnswer =
  | { kind: 'saved'; draftId: number; problems: ConsoleProblem[] }
  | { kind: 'merged'; draftId: number; bundle: RawBundle; problems: ConsoleProblem[] }
  | { kind: 'clash'; draftId: number; clashes: MergeClash[] }
  | { kind: 'validated'; problems: ConsoleProblem[]; previews: TemplatePreviews }
  | { kind: 'bad-request'; message: string };

type Org = Record<string, unknown> & {
  membership: { plans?: { code: string; texts: Record<string, unknown> }[] };
  booking: { emails: Record<string, Record<string, unknown>> };
  theme: { colors: Record<string, string> };
  pages: Record<string, string | { default: string; byProduct?: Record<string, string> }>;
};

/** The problems at or under `pointer`. */
const problemsAt = (problems: readonly ConsoleProblem[], pointer: string) => problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));

function FieldProblems({ problems, id }: { problems: readonly ConsoleProblem[]; id: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="admin-field-problems" id={id}>
      {problems.map((p) => (
        <li key={`${p.pointer} ${p.message}`}>{p.message}</li>
      ))}
    </ul>
  );
}

/** The layout ids an organisation's pages name for one kind (a default and per-product ones). */
function layoutsOfKind(org: Org, kind: string): string[] {
  const choice = org.pages[kind];
  if (choice === undefined) return [];
  if (typeof choice === 'string') return [choice];
  return [...new Set([choice.default, ...Object.values(choice.byProduct ?? {})])];
}

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
  const org = state.bundle.org as Org;
  const dirty = JSON.stringify(state.bundle) !== savedJson;
  const shared = useMemo(() => new Set(props.sharedLayouts), [props.sharedLayouts]);

  // The one validator judges every change (on the server), a moment after the last one.
  const bundleJson = JSON.stringify(state.bundle);
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
      setSavedJson(JSON.stringify(state.bundle));
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answers once per save
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

  const save = (withChoices?: ClashChoices) => postJson(saver, { intent: 'save', baseId, bundle: state.bundle, note, ...(withChoices ? { choices: withChoices } : {}) });

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
  const layoutProblemCount = (kind: string) => layoutsOfKind(org, kind).reduce((n, id) => n + (sections.get(`layout:${id}`) ?? 0), 0);
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
            layoutsOfKind(org, section).map((layoutId) => (
              <LayoutEditor
                key={layoutId}
                kind={section}
                rule={props.pageKinds.find((k) => k.kind === section)!}
                maxBlocks={props.maxBlocks}
                layoutId={layoutId}
                blocks={(state.bundle.layouts[layoutId] as { blocks?: EditedBlock[] } | undefined)?.blocks ?? []}
                problems={problemsAt(problems, `/layouts/${escapePointerToken(layoutId)}`)}
                shared={shared.has(layoutId)}
                blockForms={props.forms.blocks}
                onEdit={edit}
              />
            ))
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
  const ui = useMemo(() => Object.fromEntries(keys.map((key) => [key, form.ui[key] ?? {}])), [form.ui, keys]);
  const value = Object.fromEntries(keys.filter((key) => org[key] !== undefined).map((key) => [key, org[key]]));
  return (
    <div className="admin-form-section">
      <SchemaForm
        idPrefix="org"
        schema={schema}
        uiSchema={ui}
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
    return only === 'membership' ? `Plan ${org.membership.plans?.[Number(parts[4])]?.code ?? parts[4]} (${parts[6]})` : `E-mail: booking ${parts[4]} (${parts[5]})`;
  };
  return (
    <section aria-labelledby={`previews-${only}`} className="admin-templates">
      <h2 id={`previews-${only}`}>How they read</h2>
      {entries.map(([pointer, preview]) => (
        <div key={pointer} className="admin-template">
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

/** What a screen reader hears while a block is dragged with the keyboard (dnd-kit reads it out). */
const DRAG_WORDS = {
  screenReaderInstructions: {
    draggable: 'To move a block, press Space or Enter, then the arrow keys, then Space or Enter to drop it, or Escape to cancel. Alt with an arrow key moves it by one.',
  },
};

/**
 * Moves a block dragged with the keyboard one place per ↑ or ↓, whatever the heights of the
 * blocks (an open props form makes one tall): the dragged block's centre goes to the centre of the
 * next block, where the closest-centre detection finds it. dnd-kit's own getter steps by distance
 * and skips or sticks when heights differ.
 */
function oneBlockPerArrow(order: { current: string[] }): KeyboardCoordinateGetter {
  return (event, { currentCoordinates, context: { active, over, collisionRect, droppableRects } }) => {
    const step = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
    if (step === 0 || !active || !collisionRect) return undefined;
    event.preventDefault();
    const from = order.current.indexOf(String(over?.id ?? active));
    const target = droppableRects.get(order.current[Math.max(0, Math.min(order.current.length - 1, from + step))]!);
    if (!target) return undefined;
    return { x: currentCoordinates.x, y: currentCoordinates.y + target.top + target.height / 2 - (collisionRect.top + collisionRect.height / 2) };
  };
}

function LayoutEditor(props: {
  kind: string;
  rule: KindRules;
  maxBlocks: number;
  layoutId: string;
  blocks: EditedBlock[];
  problems: ConsoleProblem[];
  shared: boolean;
  blockForms: Record<string, GeneratedForm>;
  onEdit: (edit: Edit) => void;
}) {
  const { kind, layoutId, blocks, onEdit } = props;
  const palette = paletteFor(props.rule, blocks, props.maxBlocks);
  const [adding, setAdding] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const order = useRef(blocks.map((b) => b.id));
  order.current = blocks.map((b) => b.id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: useMemo(() => oneBlockPerArrow(order), []) }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    onEdit({ type: 'move', layoutId, from, to });
    // Focus follows the block it moved, so the keyboard can keep moving it.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('[data-block-handle]')[to]?.focus());
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over)
      move(
        blocks.findIndex((b) => b.id === active.id),
        blocks.findIndex((b) => b.id === over.id),
      );
  };
  const blockPointer = (index: number) => `/layouts/${escapePointerToken(layoutId)}/blocks/${index}`;
  return (
    <section className="admin-layout" aria-labelledby={`layout-${layoutId}`}>
      <h2 id={`layout-${layoutId}`}>
        Layout {layoutId} ({kind})
      </h2>
      {props.shared ? <p>Other organisations use this layout too: your first change makes a copy of your own.</p> : null}
      <FieldProblems problems={props.problems.filter((p) => !/\/blocks\/\d+/.test(p.pointer))} id={`layout-${layoutId}-problems`} />
      <p className="admin-hint">Move a block by dragging its handle, with its buttons, or from the keyboard on its handle: Space, the arrows, Space; or Alt+↑ and Alt+↓.</p>
      <DndContext id={`dnd-${layoutId}`} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={DRAG_WORDS}>
        <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <ol ref={list} className="admin-blocks">
            {blocks.map((block, index) => (
              <BlockEditor
                key={block.id}
                block={block}
                index={index}
                count={blocks.length}
                pointer={blockPointer(index)}
                form={props.blockForms[block.type]}
                problems={props.problems.filter((p) => p.pointer === blockPointer(index) || p.pointer.startsWith(`${blockPointer(index)}/`))}
                removable={canRemove(props.rule, blocks, index)}
                onMove={(to) => move(index, to)}
                onRemove={() => onEdit({ type: 'remove', layoutId, index })}
                onFields={(fields) => onEdit({ type: 'fields', layoutId, index, fields })}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="admin-form admin-inline">
        <label htmlFor={`add-${layoutId}`}>Add a block</label>
        <select id={`add-${layoutId}`} value={adding} onChange={(e) => setAdding(e.target.value)} disabled={palette.length === 0}>
          <option value="">Choose…</option>
          {palette.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!adding}
          onClick={() => {
            onEdit({ type: 'add', layoutId, blockType: adding });
            setAdding('');
          }}
        >
          Add
        </button>
      </div>
    </section>
  );
}

/** One block of a layout: its handle (drag, keyboard), its buttons, its variant and props as a generated form, its problems. */
function BlockEditor(props: {
  block: EditedBlock;
  index: number;
  count: number;
  pointer: string;
  form: GeneratedForm | undefined;
  problems: ConsoleProblem[];
  removable: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onFields: (fields: { variant?: unknown; props?: unknown }) => void;
}) {
  const { block, index, count, form, problems } = props;
  const sortable = useSortable({ id: block.id });
  const fields = { ...(block.variant === undefined ? {} : { variant: block.variant }), ...(block.props === undefined ? {} : { props: block.props }) };
  const hasForm = form !== undefined && Object.keys((form.schema.properties as object | undefined) ?? {}).length > 0;
  const { onForm, onBlock } = splitBlockProblems(problems, props.pointer, hasForm);
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      className={problems.length > 0 ? 'admin-block admin-block-invalid' : 'admin-block'}
    >
      <button
        type="button"
        className="admin-block-handle"
        data-block-handle=""
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`Block ${block.id}, ${block.type}, position ${index + 1} of ${count}`}
        onKeyDown={(e) => {
          if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault();
            props.onMove(e.key === 'ArrowUp' ? index - 1 : index + 1);
          } else sortable.listeners?.onKeyDown?.(e);
        }}
      >
        <strong>{block.id}</strong> <span>{block.type}</span>
      </button>
      <span className="admin-block-actions">
        <button type="button" onClick={() => props.onMove(index - 1)} disabled={index === 0} aria-label={`Move ${block.id} up`}>
          ↑
        </button>
        <button type="button" onClick={() => props.onMove(index + 1)} disabled={index === count - 1} aria-label={`Move ${block.id} down`}>
          ↓
        </button>
        <button type="button" onClick={props.onRemove} disabled={!props.removable} aria-label={`Remove ${block.id}`}>
          Remove
        </button>
      </span>
      {hasForm ? (
        <details className="admin-props" open={onForm.length > 0 || undefined}>
          <summary>Properties of {block.id}</summary>
          <SchemaForm
            idPrefix={`block-${block.id}`}
            schema={form.schema}
            uiSchema={form.ui}
            value={fields}
            base={props.pointer}
            problems={onForm}
            onChange={(next) => props.onFields((next ?? {}) as { variant?: unknown; props?: unknown })}
          />
        </details>
      ) : null}
      {/* What is wrong with the block as a whole (an unknown or retired type, a missing id) shows on the block. */}
      <FieldProblems problems={onBlock} id={`block-${block.id}-problems`} />
    </li>
  );
}

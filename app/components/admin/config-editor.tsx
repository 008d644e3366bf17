import { useFetcher } from '@remix-run/react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type RawBundle, escapePointerToken } from '~/domain/config-bundle';
import { type Edit, type EditedBlock, type KindRules, canRemove, editorReducer, paletteFor } from '~/domain/config-editing';
import { AA_CONTRAST, THEME_TEXT_PAIRS, contrastRatio } from '~/domain/contrast';
import type { ClashChoices, MergeClash } from '~/domain/json-merge';
import type { ConsoleProblem, TemplatePreviews } from '~/services/config/config-console.server';
import { ProblemList } from './problem-list';

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
};
type SaveAnswer =
  | { kind: 'saved'; draftId: number; problems: ConsoleProblem[] }
  | { kind: 'merged'; draftId: number; bundle: RawBundle; problems: ConsoleProblem[] }
  | { kind: 'clash'; draftId: number; clashes: MergeClash[] }
  | { kind: 'validated'; problems: ConsoleProblem[]; previews: TemplatePreviews }
  | { kind: 'bad-request'; message: string };

type Ad = { id: string; product: string; priority: number; title: string; subtitle: string; image: string; link: string; startsOn?: string; endsOn?: string };
type Plan = { code: string; texts: Record<string, { name: string; description: string; html: string }> };
type Org = {
  name: string;
  membership: { plans?: Plan[] };
  booking: { emails: Record<string, Record<string, { subject: string; body: string }>> };
  headerVersion: string;
  products: string[];
  ads: { enabled: boolean; preLogin: boolean; items: Ad[] };
  theme: { colors: Record<string, string> };
  pages: Record<string, string | { default: string; byProduct?: Record<string, string> }>;
};

const HEADER_VERSIONS = ['v1', 'v2', 'v3'];
const COLOR_NAMES = ['primary', 'onPrimary', 'surface', 'surfaceAlt', 'text', 'mutedText', 'accent', 'headerBackground', 'headerText', 'footerBackground', 'footerText'];

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
          <button type="button" aria-pressed={section === 'site'} onClick={() => setSection('site')}>
            Site{countOf(['name', 'headerVersion', 'theme'].reduce((n, s) => n + (sections.get(s) ?? 0), 0))}
          </button>
          <button type="button" aria-pressed={section === 'ads'} onClick={() => setSection('ads')}>
            Ads{countOf(sections.get('ads') ?? 0)}
          </button>
          <button type="button" aria-pressed={section === 'templates'} onClick={() => setSection('templates')}>
            Plans and e-mails{countOf((sections.get('membership') ?? 0) + (sections.get('booking') ?? 0))}
          </button>
          {props.pageKinds.map((k) => (
            <button key={k.kind} type="button" aria-pressed={section === k.kind} onClick={() => setSection(k.kind)}>
              {k.kind}
              {countOf(layoutProblemCount(k.kind))}
            </button>
          ))}
        </nav>
        <div className="admin-section">
          {section === 'site' ? (
            <SiteSettings org={org} problems={problems} onSet={(pointer, value) => edit({ type: 'set', pointer, value })} />
          ) : section === 'ads' ? (
            <AdsEditor org={org} problems={problems} onSet={(pointer, value) => edit({ type: 'set', pointer, value })} />
          ) : section === 'templates' ? (
            <TemplatesEditor org={org} problems={problems} previews={previews} onSet={(pointer, value) => edit({ type: 'set', pointer, value })} />
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

function SiteSettings({ org, problems, onSet }: { org: Org; problems: ConsoleProblem[]; onSet: (pointer: string, value: unknown) => void }) {
  const colors = org.theme.colors;
  return (
    <fieldset className="admin-form">
      <legend>Site</legend>
      <label htmlFor="org-name">Name</label>
      <input id="org-name" value={org.name} onChange={(e) => onSet('/org/name', e.target.value)} aria-describedby="org-name-problems" />
      <FieldProblems problems={problemsAt(problems, '/org/name')} id="org-name-problems" />
      <label htmlFor="org-header">Header version</label>
      <select id="org-header" value={org.headerVersion} onChange={(e) => onSet('/org/headerVersion', e.target.value)} aria-describedby="org-header-problems">
        {HEADER_VERSIONS.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <FieldProblems problems={problemsAt(problems, '/org/headerVersion')} id="org-header-problems" />
      <fieldset>
        <legend>Theme colours</legend>
        {COLOR_NAMES.map((name) => (
          <div key={name} className="admin-color">
            <label htmlFor={`color-${name}`}>{name}</label>
            <input
              id={`color-${name}`}
              type="color"
              value={(colors[name] ?? '#000000').slice(0, 7).toLowerCase()}
              onChange={(e) => onSet(`/org/theme/colors/${name}`, e.target.value.toUpperCase())}
            />
            <FieldProblems problems={problemsAt(problems, `/org/theme/colors/${name}`)} id={`color-${name}-problems`} />
          </div>
        ))}
        <ul className="admin-contrast">
          {THEME_TEXT_PAIRS.map(([text, background]) => {
            const ratio = contrastRatio(colors[text] ?? '#000', colors[background] ?? '#fff');
            return (
              <li key={`${text}-${background}`} className={ratio < AA_CONTRAST ? 'admin-contrast-low' : undefined}>
                {text} on {background}: {ratio.toFixed(2)}:1 {ratio < AA_CONTRAST ? `— below WCAG AA (${AA_CONTRAST}:1)` : '— AA'}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </fieldset>
  );
}

/**
 * The membership plans' texts (the description is a Handlebars template: a few plain tags and
 * {{values}}) and the booking e-mails, each with how it reads, rendered on the server with sample values.
 */
function TemplatesEditor(props: { org: Org; problems: ConsoleProblem[]; previews: TemplatePreviews; onSet: (pointer: string, value: unknown) => void }) {
  const { org, problems, previews, onSet } = props;
  return (
    <div className="admin-templates">
      {(org.membership.plans ?? []).map((plan, i) => (
        <fieldset key={plan.code} className="admin-form">
          <legend>Plan {plan.code}</legend>
          {Object.entries(plan.texts).map(([language, texts]) => {
            const at = `/org/membership/plans/${i}/texts/${language}`;
            const preview = previews[`${at}/html`];
            return (
              <div key={language} className="admin-template">
                {(['name', 'description'] as const).map((field) => (
                  <div key={field} className="admin-field">
                    <label htmlFor={`plan-${plan.code}-${language}-${field}`}>
                      {field === 'name' ? 'Name' : 'Short description'} ({language})
                    </label>
                    <input id={`plan-${plan.code}-${language}-${field}`} value={texts[field]} onChange={(e) => onSet(`${at}/${field}`, e.target.value)} />
                    <FieldProblems problems={problemsAt(problems, `${at}/${field}`)} id={`plan-${plan.code}-${language}-${field}-problems`} />
                  </div>
                ))}
                <label htmlFor={`plan-${plan.code}-${language}-html`}>Description template ({language})</label>
                <textarea id={`plan-${plan.code}-${language}-html`} rows={4} value={texts.html} onChange={(e) => onSet(`${at}/html`, e.target.value)} />
                <FieldProblems problems={problemsAt(problems, `${at}/html`)} id={`plan-${plan.code}-${language}-html-problems`} />
                <p className="admin-hint">How it reads:</p>
                {preview && 'html' in preview ? (
                  // The template allows only plain tags without attributes and escaped values (checked on the server): safe to show as it renders.
                  <div className="admin-rendered" dangerouslySetInnerHTML={{ __html: preview.html }} />
                ) : (
                  <p className="admin-hint">Fix the template to see it rendered.</p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      {Object.entries(org.booking.emails).map(([status, byLanguage]) => (
        <fieldset key={status} className="admin-form">
          <legend>E-mail: booking {status}</legend>
          {Object.entries(byLanguage).map(([language, template]) => {
            const at = `/org/booking/emails/${status}/${language}`;
            const preview = previews[at];
            return (
              <div key={language} className="admin-template">
                <label htmlFor={`email-${status}-${language}-subject`}>Subject ({language})</label>
                <input id={`email-${status}-${language}-subject`} value={template.subject} onChange={(e) => onSet(`${at}/subject`, e.target.value)} />
                <FieldProblems problems={problemsAt(problems, `${at}/subject`)} id={`email-${status}-${language}-subject-problems`} />
                <label htmlFor={`email-${status}-${language}-body`}>Body ({language})</label>
                <textarea id={`email-${status}-${language}-body`} rows={8} value={template.body} onChange={(e) => onSet(`${at}/body`, e.target.value)} />
                <FieldProblems problems={problemsAt(problems, `${at}/body`)} id={`email-${status}-${language}-body-problems`} />
                <p className="admin-hint">How it reads, with sample values:</p>
                {preview && 'text' in preview ? (
                  <pre className="admin-rendered">
                    {preview.subject}
                    {'\n\n'}
                    {preview.text}
                  </pre>
                ) : (
                  <p className="admin-hint">Fix the template to see it rendered.</p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

const AD_TEXT_FIELDS = [
  ['title', 'Title'],
  ['subtitle', 'Subtitle'],
  ['image', 'Picture (/images/…)'],
  ['link', 'Link (a path of the site)'],
] as const;

/** The ad banners (spec §3): when and where they show, each banner's texts, picture, link, product, priority and dates. */
function AdsEditor({ org, problems, onSet }: { org: Org; problems: ConsoleProblem[]; onSet: (pointer: string, value: unknown) => void }) {
  const { items } = org.ads;
  const addAd = () => {
    let id = 'ad';
    for (let n = 2; items.some((a) => a.id === id); n += 1) id = `ad-${n}`;
    onSet('/org/ads/items', [...items, { id, product: 'ALL', priority: items.length + 1, title: 'New ad', subtitle: '', image: '/images/ads/members.svg', link: '/' }]);
  };
  return (
    <fieldset className="admin-form admin-ads">
      <legend>Ads</legend>
      <label>
        <input type="checkbox" checked={org.ads.enabled} onChange={(e) => onSet('/org/ads/enabled', e.target.checked)} /> Show ads
      </label>
      <label>
        <input type="checkbox" checked={org.ads.preLogin} onChange={(e) => onSet('/org/ads/preLogin', e.target.checked)} /> Also to visitors who are not signed in
      </label>
      {items.map((ad, i) => {
        const at = `/org/ads/items/${i}`;
        return (
          <fieldset key={ad.id} className="admin-ad">
            <legend>Ad {ad.id}</legend>
            {AD_TEXT_FIELDS.map(([field, label]) => (
              <div key={field} className="admin-field">
                <label htmlFor={`ad-${ad.id}-${field}`}>{label}</label>
                <input id={`ad-${ad.id}-${field}`} value={ad[field]} onChange={(e) => onSet(`${at}/${field}`, e.target.value)} aria-describedby={`ad-${ad.id}-${field}-problems`} />
                <FieldProblems problems={problemsAt(problems, `${at}/${field}`)} id={`ad-${ad.id}-${field}-problems`} />
              </div>
            ))}
            <label htmlFor={`ad-${ad.id}-product`}>For</label>
            <select id={`ad-${ad.id}-product`} value={ad.product} onChange={(e) => onSet(`${at}/product`, e.target.value)}>
              {['ALL', ...org.products].map((code) => (
                <option key={code} value={code}>
                  {code === 'ALL' ? 'every page with ads' : code}
                </option>
              ))}
            </select>
            <label htmlFor={`ad-${ad.id}-priority`}>Priority (lowest first)</label>
            <input id={`ad-${ad.id}-priority`} type="number" min={0} max={999} value={ad.priority} onChange={(e) => onSet(`${at}/priority`, Number(e.target.value))} />
            <FieldProblems problems={problemsAt(problems, `${at}/priority`)} id={`ad-${ad.id}-priority-problems`} />
            {(['startsOn', 'endsOn'] as const).map((field) => (
              <div key={field} className="admin-field">
                <label htmlFor={`ad-${ad.id}-${field}`}>{field === 'startsOn' ? 'Shown from' : 'Shown until'}</label>
                <input
                  id={`ad-${ad.id}-${field}`}
                  type="date"
                  value={ad[field] ?? ''}
                  onChange={(e) => onSet(`${at}/${field}`, e.target.value === '' ? undefined : e.target.value)}
                />
                <FieldProblems problems={problemsAt(problems, `${at}/${field}`)} id={`ad-${ad.id}-${field}-problems`} />
              </div>
            ))}
            <button
              type="button"
              onClick={() =>
                onSet(
                  '/org/ads/items',
                  items.filter((_, j) => j !== i),
                )
              }
            >
              Remove ad {ad.id}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={addAd} disabled={items.length >= 50}>
        Add an ad
      </button>
    </fieldset>
  );
}

function LayoutEditor(props: {
  kind: string;
  rule: KindRules;
  maxBlocks: number;
  layoutId: string;
  blocks: EditedBlock[];
  problems: ConsoleProblem[];
  shared: boolean;
  onEdit: (edit: Edit) => void;
}) {
  const { kind, layoutId, blocks, onEdit } = props;
  const palette = paletteFor(props.rule, blocks, props.maxBlocks);
  const [adding, setAdding] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    onEdit({ type: 'move', layoutId, from, to });
    // Focus follows the block it moved, so the keyboard can keep moving it.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('[data-block-handle]')[to]?.focus());
  };
  const blockPointer = (index: number) => `/layouts/${layoutId}/blocks/${index}`;
  return (
    <section className="admin-layout" aria-labelledby={`layout-${layoutId}`}>
      <h2 id={`layout-${layoutId}`}>
        Layout {layoutId} ({kind})
      </h2>
      {props.shared ? <p>Other organisations use this layout too: your first change makes a copy of your own.</p> : null}
      <FieldProblems problems={props.problems.filter((p) => !/\/blocks\/\d+/.test(p.pointer))} id={`layout-${layoutId}-problems`} />
      <p className="admin-hint">Move a block with its buttons, by dragging it, or with Alt+↑ and Alt+↓ on its handle.</p>
      <ol ref={list} className="admin-blocks">
        {blocks.map((block, index) => {
          const own = props.problems.filter((p) => p.pointer === blockPointer(index) || p.pointer.startsWith(`${blockPointer(index)}/`));
          return (
            <li
              key={block.id}
              className={own.length > 0 ? 'admin-block admin-block-invalid' : 'admin-block'}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragged !== null && dragged !== index) move(dragged, index);
                setDragged(null);
              }}
            >
              <button
                type="button"
                className="admin-block-handle"
                data-block-handle=""
                aria-label={`Block ${block.id}, ${block.type}, position ${index + 1} of ${blocks.length}`}
                onKeyDown={(e) => {
                  if (e.altKey && e.key === 'ArrowUp') {
                    e.preventDefault();
                    move(index, index - 1);
                  } else if (e.altKey && e.key === 'ArrowDown') {
                    e.preventDefault();
                    move(index, index + 1);
                  }
                }}
              >
                <strong>{block.id}</strong> <span>{block.type}</span>
              </button>
              <span className="admin-block-actions">
                <button type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`Move ${block.id} up`}>
                  ↑
                </button>
                <button type="button" onClick={() => move(index, index + 1)} disabled={index === blocks.length - 1} aria-label={`Move ${block.id} down`}>
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => onEdit({ type: 'remove', layoutId, index })}
                  disabled={!canRemove(props.rule, blocks, index)}
                  aria-label={`Remove ${block.id}`}
                >
                  Remove
                </button>
              </span>
              <PropsEditor block={block} onChange={(value) => onEdit({ type: 'props', layoutId, index, props: value })} />
              <FieldProblems problems={own} id={`block-${layoutId}-${block.id}-problems`} />
            </li>
          );
        })}
      </ol>
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

/** A block's props as JSON, applied when it parses. */
function PropsEditor({ block, onChange }: { block: EditedBlock; onChange: (props: unknown) => void }) {
  const text = block.props === undefined ? '' : JSON.stringify(block.props, null, 2);
  const [draft, setDraft] = useState(text);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(text), [text]);
  const id = `props-${block.id}`;
  return (
    <details className="admin-props">
      <summary>Properties</summary>
      <label htmlFor={id}>Properties of {block.id} (JSON)</label>
      <textarea
        id={id}
        value={draft}
        rows={Math.min(12, draft.split('\n').length + 1)}
        aria-invalid={invalid}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft.trim() === text.trim()) return;
          try {
            onChange(draft.trim() === '' ? undefined : (JSON.parse(draft) as unknown));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
      />
      {invalid ? <p className="admin-field-problems">Not valid JSON: nothing changed.</p> : null}
    </details>
  );
}

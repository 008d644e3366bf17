import { DndContext, type DragEndEvent, type KeyboardCoordinateGetter, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useRef, useState } from 'react';
import { escapePointerToken } from '~/domain/config-bundle';
import { type Edit, type EditedBlock, type KindRules, canRemove, paletteFor } from '~/domain/config-editing';
import { problemsUnder, splitBlockProblems } from '~/domain/config-form';
import type { ConsoleProblem } from '~/services/config/config-console.server';
import { BrowserSchemaForm, type GeneratedForm } from './browser-schema-form';

function FieldProblems({ problems }: { problems: readonly ConsoleProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="admin-field-problems">
      {problems.map((p) => (
        <li key={`${p.pointer} ${p.message}`}>{p.message}</li>
      ))}
    </ul>
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
    const from = order.current.indexOf(String(over?.id ?? active.id));
    const target = droppableRects.get(order.current[Math.max(0, Math.min(order.current.length - 1, from + step))]!);
    if (!target) return undefined;
    return { x: currentCoordinates.x, y: currentCoordinates.y + target.top + target.height / 2 - (collisionRect.top + collisionRect.height / 2) };
  };
}

/**
 * One layout of a page kind in the console (decision 0064): its blocks sorted with dnd-kit (by
 * pointer, and from the keyboard one place per arrow), added from the kind's palette, removed
 * where the page can do without them, each with its props in a generated form and its problems.
 * Loaded with the first layout the admin opens.
 */
export function LayoutEditor(props: {
  kind: string;
  rule: KindRules;
  maxBlocks: number;
  layoutId: string;
  blocks: EditedBlock[];
  problems: ConsoleProblem[];
  shared: boolean;
  readonly: boolean;
  blockForms: Record<string, GeneratedForm>;
  onEdit: (edit: Edit) => void;
}) {
  const { kind, layoutId, blocks, onEdit, readonly } = props;
  const palette = paletteFor(props.rule, blocks, props.maxBlocks);
  const [adding, setAdding] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // Sort ids, one per block even where a broken draft repeats a block id (the validator says so on the block).
  const sortIds = blocks.map((b, i) => (b.id && blocks.findIndex((other) => other.id === b.id) === i ? b.id : `${String(b.id)}#${i}`));
  const order = useRef(sortIds);
  order.current = sortIds;
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
    if (over) move(sortIds.indexOf(String(active.id)), sortIds.indexOf(String(over.id)));
  };
  const blockPointer = (index: number) => `/layouts/${escapePointerToken(layoutId)}/blocks/${index}`;
  return (
    <section className="admin-layout" aria-labelledby={`layout-${layoutId}`}>
      <h2 id={`layout-${layoutId}`}>
        Layout {layoutId} ({kind})
      </h2>
      {props.shared ? <p>Other organisations use this layout too: your first change makes a copy of your own.</p> : null}
      <FieldProblems problems={props.problems.filter((p) => !/\/blocks\/\d+/.test(p.pointer))} />
      <p className="admin-hint">Move a block by dragging its handle, with its buttons, or from the keyboard on its handle: Space, the arrows, Space; or Alt+↑ and Alt+↓.</p>
      <DndContext id={`dnd-${layoutId}`} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={DRAG_WORDS}>
        <SortableContext items={sortIds} strategy={verticalListSortingStrategy} disabled={readonly}>
          <ol ref={list} className="admin-blocks">
            {blocks.map((block, index) => (
              <BlockEditor
                key={sortIds[index]}
                sortId={sortIds[index]!}
                block={block}
                index={index}
                count={blocks.length}
                pointer={blockPointer(index)}
                form={props.blockForms[block.type]}
                problems={problemsUnder(props.problems, blockPointer(index))}
                readonly={readonly}
                removable={!readonly && canRemove(props.rule, blocks, index)}
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
        <select id={`add-${layoutId}`} value={adding} onChange={(e) => setAdding(e.target.value)} disabled={readonly || palette.length === 0}>
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
  sortId: string;
  block: EditedBlock;
  index: number;
  count: number;
  pointer: string;
  form: GeneratedForm | undefined;
  problems: ConsoleProblem[];
  readonly: boolean;
  removable: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onFields: (fields: { variant?: unknown; props?: unknown }) => void;
}) {
  const { block, index, count, form, problems, readonly } = props;
  const sortable = useSortable({ id: props.sortId });
  const fields = { ...(block.variant === undefined ? {} : { variant: block.variant }), ...(block.props === undefined ? {} : { props: block.props }) };
  // A retired or unknown type has no form: everything about it shows on the block.
  const { onForm, onBlock } = splitBlockProblems(problems, props.pointer, form !== undefined);
  // The props open when a problem appears in them, and stay as the admin leaves them while they type.
  const details = useRef<HTMLDetailsElement>(null);
  const propsProblems = onForm.length > 0;
  useEffect(() => {
    if (propsProblems && details.current) details.current.open = true;
  }, [propsProblems]);
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
          if (readonly) return;
          if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault();
            props.onMove(e.key === 'ArrowUp' ? index - 1 : index + 1);
          } else sortable.listeners?.onKeyDown?.(e);
        }}
      >
        <strong>{block.id}</strong> <span>{block.type}</span>
      </button>
      <span className="admin-block-actions">
        <button type="button" onClick={() => props.onMove(index - 1)} disabled={readonly || index === 0} aria-label={`Move ${block.id} up`}>
          ↑
        </button>
        <button type="button" onClick={() => props.onMove(index + 1)} disabled={readonly || index === count - 1} aria-label={`Move ${block.id} down`}>
          ↓
        </button>
        <button type="button" onClick={props.onRemove} disabled={!props.removable} aria-label={`Remove ${block.id}`}>
          Remove
        </button>
      </span>
      {form ? (
        <details ref={details}>
          <summary>Properties of {block.id}</summary>
          <BrowserSchemaForm
            idPrefix={`block-${block.id}`}
            schema={form.schema}
            uiSchema={form.ui}
            value={fields}
            base={props.pointer}
            problems={onForm}
            readonly={readonly}
            onChange={(next) => props.onFields((next ?? {}) as { variant?: unknown; props?: unknown })}
          />
        </details>
      ) : null}
      {/* What is wrong with the block as a whole (an unknown or retired type, a missing id) shows on the block. */}
      <FieldProblems problems={onBlock} />
    </li>
  );
}

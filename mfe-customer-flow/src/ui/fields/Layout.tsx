// Layout elements (spec §3): element_row, element_column, heading and field, with the grid sizes of
// spec §9: custom (a percentage of the row), content (as wide as the field needs), auto (share the rest).
// On a phone every column takes the full width. Without a layout, one field per row in order.
import { useTheme } from '@mui/material/styles';
import type { FieldConfig, GridSize, LayoutElement } from '@originate/contract';
import type { FormState } from '@originate/flow-engine';
import { type CSSProperties, memo, startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useScreenBusy } from '../screenSettled';
import { FieldRenderer } from './FieldRenderer';
import { FIELD_CSS, FORM_CLASS, fieldVariables, TABLE_CSS } from './fieldStyles';
import { RENDER_ALL_EVENT } from './focus';
import { createFormStore, FormStoreContext, useTranslate } from './formStore';
import { HeadingField } from './HeadingField';
import type { FormBinding } from './types';

/** A column's share of its row from the phone size up (fieldStyles.ts `of-layout-cell`); a phone stacks them. */
function columnStyle(size: GridSize | undefined): CSSProperties {
  const wide =
    size?.type === 'custom' ? `0 0 calc(${size.value}% - 16px)` : size?.type === 'content' ? '0 0 auto' : '1 1 0';
  return { '--of-flex': wide } as CSSProperties;
}

const FORM_CSS = FIELD_CSS + TABLE_CSS;

/** A layout element: memoised, its props never change while the applicant types (fields read the store). */
const Element = memo(function Element({
  element,
  fields,
}: {
  element: LayoutElement;
  fields: ReadonlyMap<string, FieldConfig>;
}) {
  switch (element.type) {
    case 'heading':
      return <LayoutHeading text={element.text ?? ''} />;
    case 'field': {
      const field = element.key ? fields.get(element.key) : undefined;
      return field ? <FieldRenderer field={field} /> : null;
    }
    case 'element_row':
      return (
        <div className="of-layout-row">
          {(element.children ?? []).map((child, i) => (
            <div
              key={child.id ?? child.key ?? i}
              className="of-layout-cell"
              style={columnStyle(child.size ?? element.size)}
            >
              <Element element={child} fields={fields} />
            </div>
          ))}
        </div>
      );
    case 'element_column':
      return (
        <div className="of-layout-column">
          {(element.children ?? []).map((child, i) => (
            <Element key={child.id ?? child.key ?? i} element={child} fields={fields} />
          ))}
        </div>
      );
  }
});

function LayoutHeading({ text }: { text: string }) {
  const translate = useTranslate();
  return <HeadingField text={translate(text)} />;
}

/** Field keys the layout places, and its headings' texts (a heading field saying the same is placed too). */
function placedKeys(elements: readonly LayoutElement[], into: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === 'field' && element.key) into.add(element.key);
    if (element.type === 'heading' && element.text) into.add(`heading:${element.text}`);
    if (element.children) placedKeys(element.children, into);
  }
  return into;
}

/**
 * Fields that stand on the screen themselves, in order: every field but the cells of a table. A groupKey
 * that names no NESTED_TABLE container only groups fields for page rules (hide the group), as in the engine.
 */
export function topLevelFields(state: Pick<FormState, 'component' | 'fields'>): FieldConfig[] {
  const containers = new Set(
    state.component.fields.filter((field) => field.field_type_details.type === 'container').map((field) => field.key),
  );
  return state.fields.filter((field) => field.groupKey === undefined || !containers.has(field.groupKey));
}

/** Fields placed by a layout element (at least one: a heading costs about as much as a field). */
function weightOf(element: LayoutElement): number {
  if (element.type === 'field') return 1;
  const children = element.children ?? [];
  return Math.max(
    1,
    children.reduce((sum, child) => sum + weightOf(child), 0),
  );
}

/**
 * The first screenful of a big form mounts at once and the rest in slices after it has painted (as
 * transitions, so typing is never held up by them): a 500-field step is usable as soon as its top is.
 */
const FIRST_FIELDS = 30;
const FIELDS_PER_SLICE = 150;

/** How many fields are mounted: grows a slice at a time until every item is, restarting for a new step. */
function useMountedWeight(component: unknown, total: number): number {
  const [mounted, setMounted] = useState({ component, weight: FIRST_FIELDS });
  const weight = mounted.component === component ? mounted.weight : FIRST_FIELDS;
  useEffect(() => {
    if (weight >= total) return;
    const timer = setTimeout(() => startTransition(() => setMounted({ component, weight: weight + FIELDS_PER_SLICE })));
    return () => clearTimeout(timer);
  }, [component, weight, total]);
  // Focus to a field not mounted yet (the first invalid one of a refused Next): everything mounts now.
  useEffect(() => {
    const all = () => flushSync(() => setMounted({ component, weight: Number.POSITIVE_INFINITY }));
    document.addEventListener(RENDER_ALL_EVENT, all);
    return () => document.removeEventListener(RENDER_ALL_EVENT, all);
  }, [component]);
  return weight;
}

/** The leading items whose weights fit in `budget` (always the first). */
function leading<T>(items: readonly T[], weights: readonly number[], budget: number): readonly T[] {
  let used = 0;
  let count = 0;
  while (count < items.length && (count === 0 || used + (weights[count] ?? 1) <= budget)) {
    used += weights[count] ?? 1;
    count += 1;
  }
  return count === items.length ? items : items.slice(0, count);
}

/**
 * One screen: the component's layout over the form's applicable fields. Each new binding goes to the
 * form store; the layout itself only re-renders when the fields or the layout change.
 */
export function FormLayout({ layout, binding }: { layout?: readonly LayoutElement[]; binding: FormBinding }) {
  const [store] = useState(() => createFormStore(binding));
  // Before paint, in the same task as the change: the fields whose slice changed re-render at once.
  useLayoutEffect(() => store.set(binding), [store, binding]);
  const { fields, component } = binding.state;
  return (
    <FormStoreContext.Provider value={store}>
      <FormItems layout={layout} fields={fields} component={component} />
    </FormStoreContext.Provider>
  );
}

/**
 * The step's fields in order, mounted a slice at a time. Memoised on what places them: a keystroke gives
 * the form a new binding, and the fields learn of it from the store, not from a render of this list (a
 * 500-field list re-rendered per keystroke cost a slow phone a frame of its own).
 */
const FormItems = memo(function FormItems({
  layout,
  fields,
  component,
}: {
  layout?: readonly LayoutElement[];
  fields: FormBinding['state']['fields'];
  component: FormBinding['state']['component'];
}) {
  const { byKey, items, weights } = useMemo(() => {
    const placed = placedKeys(layout ?? [], new Set());
    // A field the layout forgot still shows, after the layout: nothing configured is silently dropped.
    const rest = topLevelFields({ fields, component }).filter(
      (field) =>
        !placed.has(field.key) &&
        !(field.field_type_details.type === 'heading' && placed.has(`heading:${field.label}`)),
    );
    const all: Item[] = [
      ...(layout ?? []).map((element, i): Item => ({ key: `layout:${element.id ?? element.key ?? i}`, element })),
      ...rest.map((field): Item => ({ key: `field:${field.key}`, field })),
    ];
    return {
      byKey: new Map(fields.map((field) => [field.key, field])),
      items: all,
      weights: all.map((item) => (item.element ? weightOf(item.element) : 1)),
    };
  }, [layout, fields, component]);
  const total = useMemo(() => weights.reduce((sum, w) => sum + w, 0), [weights]);
  const shown = leading(items, weights, useMountedWeight(component, total));
  useScreenBusy(shown !== items);
  const theme = useTheme();
  const variables = useMemo(() => fieldVariables(theme) as CSSProperties, [theme]);
  return (
    <>
      {/* A stylesheet the browser parses itself, once (React puts it in the head and keeps one copy): through
          emotion, stylis would parse it and insert it rule by rule in the frame that mounts the form. */}
      <style href="originate-form-fields" precedence="default">
        {FORM_CSS}
      </style>
      <div className={FORM_CLASS} style={variables}>
        {chunks(shown).map((run, i) => (
          // A run's position is its identity: the last run grows as slices mount.
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are positions, never reordered
          <div className="of-chunk" key={i}>
            {run.map((item) =>
              item.element ? (
                <Element key={item.key} element={item.element} fields={byKey} />
              ) : item.field ? (
                <FieldRenderer key={item.key} field={item.field} />
              ) : null,
            )}
          </div>
        ))}
      </div>
    </>
  );
});

/** Top-level items per run that the browser skips as one while it is off the screen (fieldStyles.ts). */
const ITEMS_PER_CHUNK = 20;

function chunks<T>(items: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += ITEMS_PER_CHUNK) runs.push(items.slice(i, i + ITEMS_PER_CHUNK));
  return runs;
}

interface Item {
  key: string;
  element?: LayoutElement;
  field?: FieldConfig;
}

import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType, WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { errorTreeOf } from '~/domain/config-form';
import { AA_CONTRAST, COLOR_PATTERN, THEME_TEXT_PAIRS, contrastRatio } from '~/domain/contrast';
import { matchesSchema } from '~/domain/schema-match';

/**
 * What react-jsonschema-form asks of a validator. The forms never validate on their own (no
 * submit, no live validation): the one validator's problems come from the server as the error
 * tree. rjsf only needs to tell which branch of a `oneOf` or `anyOf` a value is, which a shape
 * check answers (decision 0064): no second validator reaches the browser.
 */
const branchMatcher: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => matchesSchema(schema, formData),
  rawValidation: () => ({ errors: [] }),
};

type FormContext = { colors?: Record<string, string> };

/** A theme colour: the picker, the code, and how readable each text on it (or it on each background) is against WCAG AA. */
function ColorWidget(props: WidgetProps) {
  const { id, value, onChange, readonly, disabled, name, registry } = props;
  const colors = { ...((registry.formContext as FormContext).colors ?? {}), [name]: String(value ?? '') };
  const pairs = THEME_TEXT_PAIRS.filter(([text, background]) => text === name || background === name);
  const isColor = (code: string | undefined) => code !== undefined && new RegExp(COLOR_PATTERN).test(code);
  return (
    <div className="admin-color">
      <input
        id={id}
        type="color"
        value={isColor(String(value)) ? String(value).toLowerCase() : '#000000'}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        aria-describedby={`${id}__contrast`}
      />
      <code>{String(value ?? '')}</code>
      <ul id={`${id}__contrast`} className="admin-contrast">
        {pairs.map(([text, background]) => {
          if (!isColor(colors[text]) || !isColor(colors[background])) {
            return (
              <li key={`${text}-${background}`} className="admin-contrast-low">
                {text} on {background}: not measured until both are colours (#RRGGBB)
              </li>
            );
          }
          const ratio = contrastRatio(colors[text]!, colors[background]!);
          const low = ratio < AA_CONTRAST;
          return (
            <li key={`${text}-${background}`} className={low ? 'admin-contrast-low' : undefined}>
              {text} on {background}: {ratio.toFixed(2)}:1 {low ? `— below WCAG AA (${AA_CONTRAST}:1)` : '— AA'}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const WIDGETS = { color: ColorWidget };
/** Defaults are never filled in: the form shows the config as it is, and changes only what the admin changes. */
const AS_IT_IS = { emptyObjectFields: 'skipEmptyDefaults', arrayMinItems: { populate: 'never' }, allOf: 'skipDefaults' } as const;

export type FormProblem = { pointer: string; message: string };

/**
 * A form generated from a JSON Schema (decision 0064) over the value at `base` in the bundle, with
 * each of the one validator's problems under `base` shown on its field.
 */
export function SchemaForm(props: {
  idPrefix: string;
  schema: object;
  uiSchema: object;
  value: unknown;
  base: string;
  problems: readonly FormProblem[];
  readonly?: boolean;
  colors?: Record<string, string>;
  onChange: (value: unknown) => void;
}) {
  const { base, problems, colors } = props;
  const errors = useMemo(() => errorTreeOf(problems, base, props.schema), [problems, base, props.schema]);
  const context = useMemo<FormContext>(() => ({ colors }), [colors]);
  return (
    <Form
      tagName="div"
      idPrefix={props.idPrefix}
      schema={props.schema as RJSFSchema}
      uiSchema={props.uiSchema as UiSchema}
      formData={props.value}
      validator={branchMatcher}
      extraErrors={errors as never}
      showErrorList={false}
      noHtml5Validate
      readonly={props.readonly}
      widgets={WIDGETS}
      formContext={context}
      experimental_defaultFormStateBehavior={AS_IT_IS}
      onChange={(event) => props.onChange(event.formData)}
    >
      {/* Saving is the editor's: the form has no submit button of its own. */}
      <></>
    </Form>
  );
}

import type {
  InputHTMLAttributes,
  ReactElement,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import type { FieldRule } from "#shared/forms/field-rules.ts";
import styles from "./fields.module.css";
import { useFormState } from "./page-form.tsx";

/**
 * The form fields of every form. A control's id is its name (with its form's prefix, if any) and
 * its error's id is that and `-error`; from the form they are in (PageForm) come the problem with
 * the field, and, on a page drawn again after a plain post, what was typed.
 */
type Common = {
  name: string;
  /** The field's rule: its label, type and the browser's checks, the same the server applies. */
  rule?: FieldRule;
  label?: string;
  hint?: string;
  /** Mark an optional field "(optional)" rather than a required one with a star. */
  markOptional?: boolean;
};

/** The browser's own checks for a rule: they stop most mistakes before anything is sent. */
export function ruleAttributes(rule: FieldRule | undefined) {
  if (!rule) return {};
  return {
    type: rule.type,
    maxLength: rule.max,
    minLength: rule.min,
    required: rule.required ? true : undefined,
    pattern: rule.pattern,
    autoComplete: rule.autoComplete,
  };
}

/** A control's id: its name, with its form's prefix. */
function useFieldId(name: string): string {
  return `${useFormState().idPrefix}${name}`;
}

/** aria attributes tying a control to its hint and error message. */
function useDescribed({ name, hint }: Common) {
  const { errors } = useFormState();
  const id = useFieldId(name);
  const ids = [hint ? `${id}-hint` : "", errors[name] ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
}

/** What was typed into a field before the page was drawn again, as its default. */
function useTyped(name: string): string | string[] | undefined {
  return useFormState().values[name];
}

export function FieldError({ name }: { name: string }) {
  const { errors } = useFormState();
  const id = useFieldId(name);
  if (!errors[name]) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      <span className="visually-hidden">Error: </span>
      {errors[name]}
    </p>
  );
}

function Frame(props: Common & { required?: boolean; children: ReactNode }) {
  const { name, rule, hint, required, markOptional, children } = props;
  const label = props.label ?? rule?.label ?? name;
  const id = useFieldId(name);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required && !markOptional && <span aria-hidden="true"> *</span>}
        {!required && markOptional && <span className={styles.optional}> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError name={name} />
      {children}
    </div>
  );
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { name, label, hint, rule, markOptional, ...input } = props;
  const attributes = { type: "text", ...ruleAttributes(rule), ...input };
  const typed = useTyped(name);
  const described = useDescribed(props);
  const id = useFieldId(name);
  return (
    <Frame {...props} required={attributes.required}>
      <input
        id={id}
        name={name}
        {...attributes}
        defaultValue={
          typeof typed === "string" && attributes.type !== "password" ? typed : attributes.defaultValue
        }
        {...described}
      />
    </Frame>
  );
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { name, label, hint, rule, markOptional, ...area } = props;
  const { type: _type, pattern: _pattern, ...checks } = ruleAttributes(rule);
  const attributes = { ...checks, ...area };
  const typed = useTyped(name);
  const described = useDescribed(props);
  const id = useFieldId(name);
  return (
    <Frame {...props} required={attributes.required}>
      <textarea
        id={id}
        name={name}
        {...attributes}
        defaultValue={typeof typed === "string" ? typed : attributes.defaultValue}
        {...described}
      />
    </Frame>
  );
}

export function SelectField(
  props: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode },
) {
  const { name, label, hint, rule, markOptional, children, ...select } = props;
  const typed = useTyped(name);
  const described = useDescribed(props);
  const defaultValue = typed === undefined ? select.defaultValue : select.multiple ? [typed].flat() : typed;
  const id = useFieldId(name);
  return (
    <Frame {...props} required={select.required}>
      <select id={id} name={name} {...select} defaultValue={defaultValue} {...described}>
        {children}
      </select>
    </Frame>
  );
}

/** One `<option>` per value, each its own label: the lists of a select (years, states, languages). */
export function optionsFor(values: readonly string[]): ReactElement[] {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}

export function Checkbox(props: Common & { required?: boolean; value?: string; children?: ReactNode }) {
  const { name, required, value = "on", children } = props;
  const typed = useTyped(name);
  const described = useDescribed(props);
  const checked = typed === undefined ? undefined : [typed].flat().includes(value);
  const id = useFieldId(name);
  return (
    <div className={styles.check}>
      <FieldError name={name} />
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        required={required}
        defaultChecked={checked}
        {...described}
      />
      <label htmlFor={id}>
        {props.label ?? props.rule?.label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {props.hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      )}
      {children}
    </div>
  );
}

/** The form's live status line: what is happening, what went wrong, or what was done. */
export function FormStatusLine({ kind, message }: { kind: string; message: string }) {
  const className = kind === "error" ? "error-text" : kind === "done" ? styles.sent : styles.note;
  return (
    <p role="status" className={className}>
      {message}
    </p>
  );
}

import type {
  InputHTMLAttributes,
  ReactElement,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import type { FieldErrors, FieldRule } from "#shared/forms/field-rules.ts";
import styles from "./fields.module.css";

/**
 * The form fields of every form. A control's id is its name, and its error is `<name>-error`
 * with the global class `field-error`: the server writes the same markup into a refused
 * no-JavaScript post's page (src/server/forms/fill-form.server.ts), so both look alike.
 */
type Common = {
  name: string;
  errors: FieldErrors;
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

/** aria attributes tying a control to its hint and error message. */
function described({ name, errors, hint }: Common) {
  const ids = [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
}

export function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  if (!errors[name]) return null;
  return (
    <p id={`${name}-error`} className="field-error">
      <span className="visually-hidden">Error: </span>
      {errors[name]}
    </p>
  );
}

function Frame(props: Common & { required?: boolean; children: ReactNode }) {
  const { name, rule, errors, hint, required, markOptional, children } = props;
  const label = props.label ?? rule?.label ?? name;
  return (
    <div className={styles.field}>
      <label htmlFor={name}>
        {label}
        {required && !markOptional && <span aria-hidden="true"> *</span>}
        {!required && markOptional && <span className={styles.optional}> (optional)</span>}
      </label>
      {hint && (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError name={name} errors={errors} />
      {children}
    </div>
  );
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { name, label, errors, hint, rule, markOptional, ...input } = props;
  const attributes = { type: "text", ...ruleAttributes(rule), ...input };
  return (
    <Frame {...props} required={attributes.required}>
      <input id={name} name={name} {...attributes} {...described(props)} />
    </Frame>
  );
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { name, label, errors, hint, rule, markOptional, ...area } = props;
  const { type: _type, pattern: _pattern, ...checks } = ruleAttributes(rule);
  const attributes = { ...checks, ...area };
  return (
    <Frame {...props} required={attributes.required}>
      <textarea id={name} name={name} {...attributes} {...described(props)} />
    </Frame>
  );
}

export function SelectField(
  props: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode },
) {
  const { name, label, errors, hint, rule, markOptional, children, ...select } = props;
  return (
    <Frame {...props} required={select.required}>
      <select id={name} name={name} {...select} {...described(props)}>
        {children}
      </select>
    </Frame>
  );
}

/**
 * One `<option>` per value, each its own label: the lists of a select (years, states, languages).
 * A function, not a component: the prerender (Preact's) marks a select's default option only
 * among the select's own children, and an option inside a component is never marked.
 */
export function optionsFor(values: readonly string[]): ReactElement[] {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}

export function Checkbox(props: Common & { required?: boolean; children?: ReactNode }) {
  const { name, errors, required, children } = props;
  return (
    <div className={styles.check}>
      <FieldError name={name} errors={errors} />
      <input id={name} name={name} type="checkbox" required={required} {...described(props)} />
      <label htmlFor={name}>
        {props.label ?? props.rule?.label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
    </div>
  );
}

/** The form's live status line: what is happening, or what went wrong. */
export function FormStatusLine({ kind, message }: { kind: string; message: string }) {
  const className = kind === "error" ? "error-text" : kind === "sent" ? styles.sent : styles.note;
  return (
    <p role="status" className={className}>
      {message}
    </p>
  );
}

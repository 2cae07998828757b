import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import styles from "./members.module.css";

export type Errors = Partial<Record<string, string>>;

type Common = { name: string; label: string; errors: Errors; hint?: string };

/** aria attributes tying a control to its error message (and hint), when it has one. */
function described({ name, errors, hint }: Common) {
  const ids = [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
}

function Frame({
  name,
  label,
  errors,
  hint,
  required,
  children,
}: Common & { required?: boolean; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={name}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {errors[name] && (
        <p id={`${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { name, label, errors, hint, ...input } = props;
  return (
    <Frame name={name} label={label} errors={errors} hint={hint} required={input.required}>
      <input id={name} name={name} type="text" {...input} {...described(props)} />
    </Frame>
  );
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { name, label, errors, hint, ...area } = props;
  return (
    <Frame name={name} label={label} errors={errors} hint={hint} required={area.required}>
      <textarea id={name} name={name} {...area} {...described(props)} />
    </Frame>
  );
}

export function SelectField(
  props: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode },
) {
  const { name, label, errors, hint, children, ...select } = props;
  return (
    <Frame name={name} label={label} errors={errors} hint={hint} required={select.required}>
      <select id={name} name={name} {...select} {...described(props)}>
        {children}
      </select>
    </Frame>
  );
}

export function Checkbox(props: Common & { required?: boolean; children?: ReactNode }) {
  const { name, label, errors, required, children } = props;
  return (
    <div className={styles.check}>
      <input id={name} name={name} type="checkbox" required={required} {...described(props)} />
      <label htmlFor={name}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {errors[name] && (
        <p id={`${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );
}

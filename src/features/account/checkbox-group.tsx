import { FieldError } from "#components/forms/fields.tsx";
import type { FieldErrors } from "#shared/forms/field-rules.ts";
import styles from "./own-data.module.css";

/**
 * Several checkboxes under one name (a repeated field, read as a list by the server). Each box has
 * its own id, `<name>-<value>`; the group's error is `<name>-error`, as fill-form writes it.
 */
export function CheckboxGroup({
  name,
  legend,
  options,
  checked = [],
  errors,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  checked?: readonly string[];
  errors: FieldErrors;
}) {
  const invalid = errors[name] ? true : undefined;
  return (
    <fieldset className={styles.group} aria-describedby={invalid && `${name}-error`}>
      <legend>{legend}</legend>
      <FieldError name={name} errors={errors} />
      {options.map(({ value, label }) => (
        <div key={value} className={styles.box}>
          <input
            type="checkbox"
            id={`${name}-${value}`}
            name={name}
            value={value}
            defaultChecked={checked.includes(value)}
            aria-invalid={invalid}
          />
          <label htmlFor={`${name}-${value}`}>{label}</label>
        </div>
      ))}
    </fieldset>
  );
}

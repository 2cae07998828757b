import { FieldError } from "#components/forms/fields.tsx";
import { useFormState } from "#components/forms/page-form.tsx";
import styles from "./own-data.module.css";

/**
 * Several checkboxes under one name (a repeated field, read as a list by the server). Each box has
 * its own id, `<name>-<value>`; the group's error is the form's for `name`. The boxes start as
 * `checked` says, or as typed when the page comes back after a plain post.
 */
export function CheckboxGroup({
  name,
  legend,
  options,
  checked = [],
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  checked?: readonly string[];
}) {
  const { errors, values, idPrefix } = useFormState();
  const invalid = errors[name] ? true : undefined;
  // Drawn again after a plain post, the boxes are as they were sent (none ticked sends nothing).
  const ticked = Object.keys(values).length > 0 ? [values[name] ?? []].flat() : checked;
  return (
    <fieldset
      id={`${idPrefix}${name}`}
      className={styles.group}
      aria-describedby={invalid && `${name}-error`}
    >
      <legend>{legend}</legend>
      <FieldError name={name} />
      {options.map(({ value, label }) => (
        <div key={value} className={styles.box}>
          <input
            type="checkbox"
            id={`${name}-${value}`}
            name={name}
            value={value}
            defaultChecked={ticked.includes(value)}
            aria-invalid={invalid}
          />
          <label htmlFor={`${name}-${value}`}>{label}</label>
        </div>
      ))}
    </fieldset>
  );
}

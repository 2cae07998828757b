import { type FieldErrors, type FieldRules, tooLong, tooShort } from "#shared/forms/field-rules.ts";

/**
 * The browser's own checks (required, type, pattern, length: set from the same rules as the
 * server's schema), worded as the server would word them.
 */
export function checkFields(form: HTMLFormElement, rules: FieldRules): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      )
    )
      continue;
    if (!element.name || element.validity.valid || errors[element.name]) continue;
    const rule = rules[element.name];
    const { validity } = element;
    errors[element.name] =
      (validity.valueMissing && rule?.required) ||
      ((validity.typeMismatch || validity.patternMismatch) && rule?.invalid) ||
      (validity.tooShort && rule && tooShort(rule)) ||
      (validity.tooLong && rule && tooLong(rule)) ||
      element.validationMessage ||
      "Please check this field";
  }
  return errors;
}

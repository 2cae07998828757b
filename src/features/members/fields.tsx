/** The account forms use the site's one set of form fields (src/components/forms/fields.tsx). */
export { Checkbox, SelectField, TextArea, TextField } from "#components/forms/fields.tsx";
export type { FieldErrors as Errors } from "#shared/forms/field-rules.ts";

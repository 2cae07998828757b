import { type FormEvent, useState } from "react";
import { type AnswerSchema, formFields, postForm } from "#client/api-client.ts";
import { type FieldErrors, type FieldRules, tooLong, tooShort } from "#shared/forms/field-rules.ts";

export type FormStatus = {
  kind: "idle" | "sending" | "sent" | "error";
  message: string;
  /** A refusal's HTTP status (a 403 may call for more than its sentence); 0: no answer came. */
  httpStatus?: number;
};

const INVALID = "Please correct the highlighted fields.";

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

/** An accepted answer's own sentence, where it has one. */
const sentenceOf = (data: object) =>
  "message" in data && typeof data.message === "string" ? data.message : "";

type Options<T> = {
  action: string;
  rules: FieldRules;
  /** The schema of the accepted answer. */
  answer: AnswerSchema<T>;
  /** A check the browser cannot make (two passwords that must match); return its field errors. */
  check?: (form: HTMLFormElement) => FieldErrors;
  /** After an accepted post: the sentence to show (the answer's by default). */
  onAccepted?: (data: T, form: HTMLFormElement) => string | undefined;
  initial?: FormStatus;
  /** The sentence over the browser's own objections. */
  invalid?: string;
  /** The sentence when the site cannot be reached: what did not happen (the API client's by default). */
  unreachable?: string;
};

/**
 * One form's state and submit: checks with the browser's rules, posts JSON, shows the server's
 * answer, and puts each error beside its field (focus goes to the first). Without JavaScript the
 * same form posts itself and the server answers with the page (see src/server/forms/).
 */
export function useForm<T extends object>(options: Options<T>) {
  const [status, setStatus] = useState<FormStatus>(options.initial ?? { kind: "idle", message: "" });
  const [errors, setErrors] = useState<FieldErrors>({});

  function show(form: HTMLFormElement, found: FieldErrors, message: string, httpStatus?: number) {
    setErrors(found);
    setStatus({ kind: "error", message, httpStatus });
    const first = Object.keys(found)[0];
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus?.();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = { ...checkFields(form, options.rules), ...options.check?.(form) };
    if (Object.keys(found).length > 0) return show(form, found, options.invalid ?? INVALID);
    setErrors({});
    setStatus({ kind: "sending", message: "" });
    const result = await postForm(options.action, formFields(form), options.answer);
    if (!result.ok) {
      const message = result.status === 0 ? (options.unreachable ?? result.error) : result.error;
      return show(form, result.fields, message, result.status);
    }
    const message = options.onAccepted?.(result.data, form) ?? sentenceOf(result.data);
    setStatus({ kind: "sent", message });
  }

  return { status, errors, onSubmit, sending: status.kind === "sending" };
}

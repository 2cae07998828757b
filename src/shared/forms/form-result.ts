import type { FieldErrors } from "./field-rules.ts";

/**
 * What a page's form action answers when it does not move the visitor on (src/server/forms/
 * page-form.server.ts): a refusal with one sentence and each field's problem, or, for a form
 * that stays where it is (the footer's Subscribe box), that it was done.
 */
export type FormRefusal = {
  ok: false;
  /** Which form of the page this answers (a page may hold several). */
  form: string;
  message: string;
  errors: FieldErrors;
  /**
   * What was typed, for a page drawn again without JavaScript (never a password); a script's
   * page still has it in its fields.
   */
  values?: Record<string, string | string[]>;
  /**
   * The spam guard's token the refused post carried, still unused, for the form drawn again
   * without JavaScript: a fresh one would count the time to correct a field from the refusal, and
   * hold back a quick correction as a script's.
   */
  formToken?: string;
};

export type FormDone = { ok: true; form: string; message: string };

export type FormResult = FormRefusal | FormDone;

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === "object" && value !== null && "ok" in value && "form" in value;
}

/** The answers every form endpoint gives a script: the browser parses them with these. */
import { zm } from "../zod.ts";

/** A form accepted: the sentence to show, and the stored record's id where there is one. */
export const formAcceptedSchema = zm.object({ message: zm.string(), id: zm.optional(zm.string()) });
export type FormAccepted = zm.infer<typeof formAcceptedSchema>;

/** Every refusal and failure of the API: one sentence, and the problem with each field if any. */
export const errorAnswerSchema = zm.object({
  error: zm.string(),
  fields: zm.optional(zm.record(zm.string(), zm.string())),
});
export type ErrorAnswer = zm.infer<typeof errorAnswerSchema>;

/** GET /api/form-token: a signed token for the spam guard, stamped into a protected form. */
export const formTokenSchema = zm.object({ token: zm.string() });

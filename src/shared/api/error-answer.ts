/** The refusal every JSON endpoint gives (a 404 under /api/, a 503 with Retry-After, a 405). */
import { zm } from "../zod.ts";

/** One sentence, and the problem with each field if any. */
export const errorAnswerSchema = zm.object({
  error: zm.string(),
  fields: zm.optional(zm.record(zm.string(), zm.string())),
});
export type ErrorAnswer = zm.infer<typeof errorAnswerSchema>;

/** The secretariat's newsletter forms: what the server accepts from each. */
import { ISSUE_FIELDS } from "../forms/secretariat-fields.ts";
import { z } from "../zod.ts";
import { multiLine, oneLine, textField } from "./fields.ts";

/** An optional https link (to the issue's PDF, say); empty means none. */
const attachmentLink = z
  .string()
  .trim()
  .max(ISSUE_FIELDS.attachmentUrl.max, "The link must be at most 2000 characters")
  .refine((value) => {
    if (value === "") return true;
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, ISSUE_FIELDS.attachmentUrl.invalid);

/** 'Compose an issue': the subject, the text (links written out are made clickable), an attachment link. */
export const issueSchema = z.strictObject({
  subject: oneLine(ISSUE_FIELDS.subject),
  text: multiLine(ISSUE_FIELDS.text),
  attachmentUrl: attachmentLink.default(""),
});
export type IssueDraft = z.output<typeof issueSchema>;

/** 'Send a test' and 'Send to every subscriber' name the issue they act on. */
export const issueActionSchema = z.strictObject({
  issue: textField({ label: "Issue", required: "Name the issue to act on" }).regex(
    /^[a-z0-9]{16,40}$/,
    "Unknown issue",
  ),
});

/**
 * 'Send to every subscriber' also takes its confirmation (`confirm: "yes"`, or the ticked box's
 * value: the number of confirmed subscribers it names): without it the answer asks for it beside the
 * box, and nothing is sent (SEND_FIELDS); with a number that is no longer the count, likewise.
 */
export const sendIssueSchema = issueActionSchema.extend({
  confirm: z
    .union([z.literal("yes"), z.literal("on"), z.literal(true), z.string().regex(/^\d{1,7}$/)])
    .optional(),
});

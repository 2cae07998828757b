/** The secretariat's newsletter forms: what the server accepts from each. */
import { z } from "../zod.ts";
import { multiLine, oneLine, textField } from "./fields.ts";

export const ISSUE_SUBJECT_MAX = 150;
export const ISSUE_TEXT_MAX = 20_000;

/** An optional https link (to the issue's PDF, say); empty means none. */
const attachmentLink = z
  .string()
  .trim()
  .max(2000, "The link must be at most 2000 characters")
  .refine((value) => {
    if (value === "") return true;
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "Enter a full link starting with https://, or leave this empty");

/** 'Compose an issue': the subject, the text (links written out are made clickable), an attachment link. */
export const issueSchema = z.strictObject({
  subject: oneLine({ label: "Subject", max: ISSUE_SUBJECT_MAX, required: "Please enter the subject" }),
  text: multiLine({ label: "Text", max: ISSUE_TEXT_MAX, required: "Please write the issue's text" }),
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

import { Fragment, type ReactNode } from "react";
import { Action, FooterLine, MailLayout, Para, TextLink } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  subject: string;
  /** The secretariat's text: paragraphs split by blank lines; links written out become clickable. */
  text: string;
  /** A link to the issue's attachment (a PDF, say), or "". */
  attachmentUrl: string;
  /** This copy's own one-click unsubscribe link (or Resend's placeholder in a broadcast). */
  unsubscribeUrl: string;
};

const LINK = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g;

/** A paragraph's lines, with every written-out link made a link (its words are the address). */
function linked(paragraph: string): ReactNode[] {
  return paragraph.split(/\r?\n/).flatMap((line, lineIndex) => {
    const parts = line.split(LINK).map((part, index) =>
      index % 2 === 1 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for one render
        <TextLink key={`${lineIndex}-${index}`} href={part}>
          {part}
        </TextLink>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for one render
        <Fragment key={`${lineIndex}-${index}`}>{part}</Fragment>
      ),
    );
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for one render
    return lineIndex === 0 ? parts : [<br key={`br-${lineIndex}`} />, ...parts];
  });
}

/** An issue of the society's news, as the secretariat wrote it, to one confirmed subscriber. */
export const newsletterIssue = defineTemplate<Props>({
  name: "newsletter-issue",
  title: "Newsletter: an issue, to each confirmed subscriber",
  subject: ({ subject }) => subject,
  Body: ({ subject, text, attachmentUrl, unsubscribeUrl }) => (
    <MailLayout
      preview={subject}
      footer={
        <FooterLine>
          {"You receive this because you subscribed to ISGPB news. "}
          <TextLink href={unsubscribeUrl}>Unsubscribe</TextLink>
        </FooterLine>
      }
    >
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs are fixed for one render
        <Para key={index}>{linked(paragraph)}</Para>
      ))}
      {attachmentUrl && <Action href={attachmentUrl}>Open the attachment</Action>}
    </MailLayout>
  ),
  sample: {
    subject: "ISGPB news: call for nominations and the winter symposium",
    text: "Dear members,\n\nNominations for the society's awards are open until the end of next month. The forms are at https://www.isgpb.example/awards.\n\nThe winter symposium on crop resilience will be held in New Delhi; the programme follows in our next issue.\n\nWith regards,\nThe secretariat",
    attachmentUrl: "https://www.isgpb.example/downloads/newsletter-sample.pdf",
    unsubscribeUrl: sampleLink("/newsletter/unsubscribe"),
  },
});

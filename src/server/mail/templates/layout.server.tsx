// Each component from its own package, not @react-email/components: that index loads Tailwind and a
// code highlighter too, over a second of a function's cold start (decision 0017).
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, Fragment, type ReactNode } from "react";

export const SOCIETY_NAME = "Indian Society of Genetics and Plant Breeding";

// Inline styles only, system fonts, one column at most 600 px: what mail programs render alike.
const page: CSSProperties = {
  backgroundColor: "#f4f4f0",
  color: "#1f2421",
  fontFamily: "Arial, Helvetica, sans-serif",
  margin: 0,
  padding: "16px 0",
};
const sheet: CSSProperties = {
  backgroundColor: "#ffffff",
  maxWidth: "600px",
  padding: "24px",
  border: "1px solid #dcdcd4",
};
const masthead: CSSProperties = {
  color: "#2d5a27",
  fontSize: "18px",
  fontWeight: "bold",
  margin: "0 0 16px",
};
const paragraph: CSSProperties = { fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" };
const small: CSSProperties = { color: "#5b615d", fontSize: "12px", lineHeight: "18px", margin: "0" };
const action: CSSProperties = { color: "#2d5a27", fontWeight: "bold", textDecoration: "underline" };

/**
 * Every mail's frame: the society's name on top, the body, a footer saying who sent it.
 * `preview` is the line mail programs show beside the subject (left out of the plain text).
 */
export function MailLayout({
  preview,
  footer,
  children,
}: {
  preview: string;
  /** Extra footer lines, e.g. the newsletter's unsubscribe link. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={sheet}>
          <Text style={masthead}>{SOCIETY_NAME}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: "#dcdcd4", margin: "20px 0 12px" }} />
          <Text style={small}>Sent by the website of the {SOCIETY_NAME}.</Text>
          {footer}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of our own words or of what someone typed: line breaks kept, every character escaped by React. */
export function Para({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{typeof children === "string" ? withBreaks(children) : children}</Text>;
}

/** Text typed by a person, as paragraphs (blank lines) and line breaks, never as markup. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are fixed for one render
        <Para key={index}>{block}</Para>
      ))}
    </>
  );
}

/** Lines joined by <br>, flat, so the markup reads "line one<br/>line two". */
function withBreaks(text: string): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for one render
  return text.split(/\r?\n/).flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

/**
 * Label and value pairs, one a line ("Label: value" in the plain text too): plainer than a table
 * and read the same in every mail program.
 */
export function Details({ rows }: { rows: [string, string][] }) {
  return (
    <Text style={paragraph}>
      {rows.map(([label, value], index) => (
        <Fragment key={label}>
          {index > 0 && <br />}
          <strong>{`${label}:`}</strong> {withBreaks(value)}
        </Fragment>
      ))}
    </Text>
  );
}

/** The one thing to do in a mail: a plain underlined link (buttons are images or tables in some programs). */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Text style={paragraph}>
      <Link href={href} style={action}>
        {children}
      </Link>
    </Text>
  );
}

/** A small footer line. */
export function FooterLine({ children }: { children: ReactNode }) {
  return <Text style={small}>{children}</Text>;
}

/** A link inside a sentence. */
export function TextLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} style={{ color: "#2d5a27", textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

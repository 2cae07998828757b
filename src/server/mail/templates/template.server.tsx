import type { DomNode, FormatCallback, HtmlToTextOptions } from "html-to-text";
import type { ReactElement } from "react";
import type { Mail } from "../mail.server.ts";

/**
 * One e-mail the site sends: its subject and its body as a React Email component, both from the
 * same props, and fictional sample props for the workspace's previews and the tests.
 */
export type MailTemplate<Props> = {
  /** Stable id, used in the previews' URLs: kebab-case. */
  name: string;
  /** What the secretariat sees in the list of previews. */
  title: string;
  subject: (props: Props) => string;
  Body: (props: Props) => ReactElement;
  sample: Props;
};

/** What a mail is stored and sent as: no React is needed after this. */
export type RenderedMail = { subject: string; html: string; text: string };

/** Identity, so each template's props are inferred from its sample and checked against its Body. */
export function defineTemplate<Props>(template: MailTemplate<Props>): MailTemplate<Props> {
  return template;
}

const textOf = (node: DomNode): string =>
  node.type === "text" ? (node.data ?? "") : (node.children ?? []).map(textOf).join("");

/**
 * A link in the plain-text part: its words, then its address, unless the words are the address
 * or the paragraph writes the address out beside the link already (a payment block's "Pay by UPI
 * (…): upi://…"), where the address would otherwise come twice.
 */
const linkOnce: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder);
  const href = String(elem.attribs?.href ?? "").replace(/^mailto:/, "");
  if (!href) return;
  const words = textOf(elem).trim();
  const around = (elem.parent?.children ?? []).filter((node) => node !== elem).map(textOf);
  if (words === href || around.some((text) => text.includes(href))) return;
  builder.addInline(words ? ` ${href}` : href, { noWordTransform: true });
};

/** React Email's plain-text settings, with the one rule for links above. */
const PLAIN_TEXT = {
  formatters: { linkOnce },
  selectors: [{ selector: "a", format: "linkOnce" }],
} satisfies HtmlToTextOptions;

/**
 * The HTML-to-text converter, built once: React Email's `toPlainText` with our settings, compiled
 * by html-to-text (the library it calls) instead of on every mail, which took about as long as
 * rendering the mail (5,000 reminders in one run).
 */
let plainText: ((html: string) => string) | undefined;
async function toPlainText(html: string): Promise<string> {
  if (!plainText) {
    const [{ plainTextSelectors }, { compile }] = await Promise.all([
      import("@react-email/render"),
      import("html-to-text"),
    ]);
    plainText = compile({
      wordwrap: false,
      ...PLAIN_TEXT,
      selectors: [...plainTextSelectors, ...PLAIN_TEXT.selectors],
    });
  }
  return plainText(html);
}

/**
 * Renders the HTML once and derives the plain-text part from it, so the two never say different
 * things. A link's address follows its words in the text ("Confirm my subscription https://…"),
 * once.
 */
export async function renderTemplate<Props>(
  template: MailTemplate<Props>,
  props: Props,
): Promise<RenderedMail> {
  // Loaded on the first mail, not with the module: a function that sends no mail on a request
  // (most of login's, for one) does not pay for react-dom/server and html-to-text at cold start.
  const { render } = await import("@react-email/render");
  const { Body } = template;
  const html = await render(<Body {...(props as Props & object)} />);
  const text = `${(await toPlainText(html)).trim()}\n`;
  return { subject: template.subject(props), html, text };
}

/** A rendered template addressed: what mail.server.ts stores and sends. */
export async function composeMail<Props>(
  template: MailTemplate<Props>,
  props: Props,
  envelope: Omit<Mail, "subject" | "html" | "text">,
): Promise<Mail> {
  return { ...envelope, ...(await renderTemplate(template, props)) };
}

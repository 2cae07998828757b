import { randomBytes } from "node:crypto";
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

/** The characters React escapes in text and attribute values, as it escapes them. */
const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);

/** A rendered part cut at its placeholders: literal text and the fields between. */
type Cut = { literals: string[]; fields: string[] };

function cutAt(rendered: string, tokens: ReadonlyMap<string, string>): Cut {
  const pattern = new RegExp([...tokens.keys()].join("|"), "g");
  const literals: string[] = [];
  const fields: string[] = [];
  let last = 0;
  for (const match of rendered.matchAll(pattern)) {
    literals.push(rendered.slice(last, match.index));
    fields.push(tokens.get(match[0]) as string);
    last = match.index + match[0].length;
  }
  literals.push(rendered.slice(last));
  return { literals, fields };
}

const filled = (cut: Cut, value: (field: string) => string) =>
  cut.literals.reduce(
    (out, literal, at) => out + (at === 0 ? "" : value(cut.fields[at - 1] as string)) + literal,
    "",
  );

/**
 * A template rendered ONCE for a mailing to many (the invitations to the whole register): the
 * per-recipient props (`fields`) are rendered as unique placeholders, and each recipient's mail is
 * the rendering with their values put in: HTML-escaped in the HTML part, as React would have
 * written them, and as they are in the subject and the plain-text part. Rendering each of 2,100
 * mails with React Email took seconds of a press; putting values into a cut rendering takes
 * microseconds. A template that transforms a placeholder (changes its case, wraps it, drops it)
 * cannot be filled this way: that is refused here, not sent wrong.
 */
export async function renderForMany<Props, Field extends keyof Props & string>(
  template: MailTemplate<Props>,
  props: Props,
  fields: readonly Field[],
): Promise<(values: Record<Field, string>) => RenderedMail> {
  const mark = randomBytes(8).toString("hex");
  const tokens = new Map(fields.map((field, at) => [`zq${mark}f${at}qz`, field as string]));
  const placeholders = Object.fromEntries([...tokens].map(([token, field]) => [field, token]));
  const rendered = await renderTemplate(template, { ...props, ...placeholders });
  for (const [token, field] of tokens)
    if (!rendered.html.includes(token) || !rendered.text.includes(token))
      throw new Error(`the template ${template.name} does not carry its ${field} through unchanged`);
  const html = cutAt(rendered.html, tokens);
  const text = cutAt(rendered.text, tokens);
  const subject = cutAt(rendered.subject, tokens);
  return (values) => {
    const plain = (field: string) => values[field as Field];
    return {
      subject: filled(subject, plain),
      html: filled(html, (field) => escapeHtml(plain(field))),
      // The plain-text part's converter folds a value's runs of spaces, as it would have.
      text: filled(text, (field) => plain(field).replace(/\s+/g, " ")),
    };
  };
}

import { escapeHtml } from "../../shared/escape-html.ts";

/** HTML that is already safe: made by `markup`, or a constant of ours passed through `trusted`. */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

/** A constant string of our own markup (never anything a person typed). */
export const trusted = (value: string) => new Markup(value);

function piece(value: unknown): string {
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * The workspace's pages are written as tagged templates: every interpolated value is escaped
 * unless it is Markup itself, so a name, message or reason from a form can never become markup.
 * Arrays of Markup join; null, undefined and false render nothing (for `cond && markup\`…\``).
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += piece(value) + (strings[index + 1] ?? "");
  });
  return new Markup(out);
}

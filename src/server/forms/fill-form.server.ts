/**
 * Fills a prerendered page's form with what a visitor typed and the server's objections, for the
 * answer to a refused plain (no-JavaScript) post: the page comes back as it was, each error beside
 * its field and listed at the top of the main content (GOV.UK's pattern).
 *
 * It edits the HTML React rendered for the page, whose shape we know: every attribute value is
 * double-quoted and escaped, so no `>` occurs inside a tag. The field components
 * (src/components/forms/fields.tsx) give each control `id` = `name`, which the error links use.
 */
import { escapeHtml } from "../../shared/escape-html.ts";
import type { FieldErrors } from "../../shared/forms/field-rules.ts";

export type FormState = {
  /**
   * The form's action, which finds it on the page (a page may hold several forms); "" finds the
   * form without one, which posts to its page's own address (a link's token in it).
   */
  action: string;
  /** What was typed, by field name; a repeated field (a multi-select) as an array. */
  values: Record<string, unknown>;
  errors: FieldErrors;
  /** The sentence at the head of the error summary. */
  message: string;
};

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

const withoutAttribute = (tag: string, name: string) =>
  tag.replace(new RegExp(`\\s${name}="[^"]*"`, "g"), "");

function withAttribute(tag: string, name: string, value: string): string {
  const bare = withoutAttribute(tag, name);
  return bare.replace(/\s*\/?>$/, (end) => ` ${name}="${escapeHtml(value)}"${end}`);
}

const decode = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");

const errorId = (name: string) => `${name}-error`;

/** Marks a control invalid and points it at its message, keeping a hint it already described. */
function markInvalid(tag: string, name: string): string {
  const described = (attribute(tag, "aria-describedby") ?? "")
    .split(/\s+/)
    .filter((id) => id && id !== errorId(name));
  const marked = withAttribute(tag, "aria-invalid", "true");
  return withAttribute(marked, "aria-describedby", [...described, errorId(name)].join(" "));
}

const errorMessage = (name: string, text: string) =>
  `<p id="${errorId(name)}" class="field-error"><span class="visually-hidden">Error: </span>${escapeHtml(text)}</p>`;

/** Fills the controls; `ids` learns each named control's id, for the summary's links. */
function fillControls(
  form: string,
  state: FormState,
  secret: ReadonlySet<string>,
  ids: Map<string, string>,
): string {
  const shown = new Set<string>();
  const flag = (name: string, control: string) => {
    if (!ids.has(name)) ids.set(name, attribute(control, "id") ?? name);
    const error = state.errors[name];
    if (!error || shown.has(name)) return control;
    shown.add(name);
    return errorMessage(name, error) + markInvalid(control, name);
  };
  const wanted = (name: string) => !secret.has(name) && Object.hasOwn(state.values, name);

  return form
    .replace(/<textarea\b[^>]*>[\s\S]*?<\/textarea>/g, (whole) => {
      const open = whole.slice(0, whole.indexOf(">") + 1);
      const name = attribute(open, "name");
      if (!name) return whole;
      const text = wanted(name)
        ? (asList(state.values[name])[0] ?? "")
        : decode(whole.slice(open.length, -11));
      return `${flag(name, open)}${escapeHtml(text)}</textarea>`;
    })
    .replace(/<select\b[^>]*>[\s\S]*?<\/select>/g, (whole) => {
      const open = whole.slice(0, whole.indexOf(">") + 1);
      const name = attribute(open, "name");
      if (!name) return whole;
      let options = whole.slice(open.length);
      if (wanted(name)) {
        const chosen = new Set(asList(state.values[name]));
        options = options.replace(/<option\b[^>]*>/g, (option) => {
          const value = decode(attribute(option, "value") ?? "");
          const plain = withoutAttribute(option, "selected");
          return chosen.has(value) ? plain.replace(/>$/, ' selected="">') : plain;
        });
      }
      return flag(name, open) + options;
    })
    .replace(/<input\b[^>]*>/g, (tag) => {
      const name = attribute(tag, "name");
      const type = attribute(tag, "type") ?? "text";
      if (!name || type === "hidden" || type === "password" || type === "submit") {
        return name && type === "password" ? flag(name, tag) : tag;
      }
      if (!wanted(name)) return flag(name, tag);
      if (type === "checkbox" || type === "radio") {
        const values = asList(state.values[name]);
        const own = decode(attribute(tag, "value") ?? "on");
        const plain = withoutAttribute(tag, "checked");
        const checked = values.includes(own)
          ? plain.replace(/\s*\/?>$/, (end) => ` checked=""${end}`)
          : plain;
        return flag(name, checked);
      }
      return flag(name, withAttribute(tag, "value", asList(state.values[name])[0] ?? ""));
    });
}

function summary(state: FormState, ids: ReadonlyMap<string, string>): string {
  const items = Object.entries(state.errors)
    .map(([name, text]) => {
      const id = ids.get(name);
      const line = escapeHtml(text ?? "");
      return `<li>${id ? `<a href="#${escapeHtml(decode(id))}">${line}</a>` : line}</li>`;
    })
    .join("");
  return (
    `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">` +
    `<h2 id="error-summary-title">There is a problem</h2><p>${escapeHtml(state.message)}</p>` +
    (items ? `<ul>${items}</ul>` : "") +
    "</div>"
  );
}

/** Where the form with `action` opens and its controls end ("" finds the form without an action). */
function formAt(html: string, action: string): { opening: number; start: number; end: number } | null {
  const opening = (
    action === ""
      ? /<form\b(?![^>]*\saction=)[^>]*>/
      : new RegExp(`<form\\b[^>]*\\saction="${escapeRegExp(action)}"[^>]*>`)
  ).exec(html);
  if (!opening) return null;
  const start = opening.index + opening[0].length;
  const end = html.indexOf("</form>", start);
  return end < 0 ? null : { opening: opening.index, start, end };
}

/**
 * The page with its form filled in and the errors shown, and no scripts: a page answered to a
 * POST is not the URL the router would hydrate, and a plain form needs none.
 * Answers null when the page holds no form with that action.
 */
export function fillForm(
  html: string,
  state: FormState,
  secretFields: readonly string[] = [],
): string | null {
  const at = formAt(html, state.action);
  if (!at) return null;
  const { opening, start, end } = at;
  const ids = new Map<string, string>();
  const form = fillControls(html.slice(start, end), state, new Set(secretFields), ids);
  let page = html.slice(0, start) + form + html.slice(end);
  // The summary opens the page's main content (where a reader lands), or else the form.
  const main = /<main\b[^>]*>/.exec(page.slice(0, opening));
  const summaryAt = main ? main.index + main[0].length : start;
  page = page.slice(0, summaryAt) + summary(state, ids) + page.slice(summaryAt);
  return page
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\srel="modulepreload"[^>]*>/g, "")
    .replace(/<title>/, "<title>Error: ");
}

/**
 * The page with one form's controls set to `values` (what is in force for the reader, such as
 * the boxes a member ticked before), nothing else changed: for a page a function fills in for its
 * signed-in reader. Answers null when the page holds no form with that action.
 */
export function presetForm(html: string, action: string, values: Record<string, unknown>): string | null {
  const at = formAt(html, action);
  if (!at) return null;
  const state = { action, values, errors: {}, message: "" };
  const form = fillControls(html.slice(at.start, at.end), state, new Set(), new Map());
  return html.slice(0, at.start) + form + html.slice(at.end);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

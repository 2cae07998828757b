import { type Markup, markup } from "./markup.server.ts";

/** A moment as the office reads it, in India's time (the society's), to the minute. */
export function when(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(date)} IST`;
}

export const rupees = (amount: number | null) =>
  amount === null ? "not set" : `₹${amount.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** A table that scrolls sideways on a narrow screen, reachable and named for keyboard users. */
export function table(caption: string, head: string[], rows: Markup[]): Markup {
  return markup`<div class="ws-table-wrap" role="region" aria-label="${caption}" tabindex="0"><table>
<caption class="visually-hidden">${caption}</caption>
<thead><tr>${head.map((cell) => markup`<th scope="col">${cell}</th>`)}</tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** A description list of label and value pairs. */
export const record = (rows: [string, string][]) =>
  markup`<dl class="ws-record">${rows.map(([label, value]) => markup`<dt>${label}</dt><dd>${value}</dd>`)}</dl>`;

/** A labelled control in the markup fillForm knows (id = name, the error put before it). */
export function field(
  name: string,
  label: string,
  control: "input" | "textarea",
  attributes: Record<string, string | number | boolean> = {},
  value = "",
): Markup {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== false)
    .map(([key, v]) => (v === true ? markup` ${key}` : markup` ${key}="${String(v)}"`));
  const input =
    control === "textarea"
      ? markup`<textarea id="${name}" name="${name}"${attrs}>${value}</textarea>`
      : markup`<input id="${name}" name="${name}"${attrs} value="${value}">`;
  return markup`<div class="field"><label for="${name}">${label}</label>${input}</div>`;
}

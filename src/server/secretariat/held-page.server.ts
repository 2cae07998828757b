import { heldSubmissions, releasable } from "./held.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent } from "./pages.server.ts";
import { when } from "./view-parts.server.ts";

export const HELD_PATH = "/secretariat/held";

/** A held submission's fields, whatever its kind, as label and text. */
export function fieldsOf(data: unknown): [string, string][] {
  if (!data || typeof data !== "object") return [["Content", String(data)]];
  return Object.entries(data as Record<string, unknown>).map(([name, value]) => [
    name,
    Array.isArray(value)
      ? value.join(", ")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value),
  ]);
}

/** What the spam guard held back, newest first, each with its reason and the two buttons. */
export async function heldPage(): Promise<PageContent> {
  const held = await heldSubmissions();
  const items = held.map((record) => {
    const action = `/api/secretariat/held/${record.kind}/${record.id}`;
    return markup`<li class="ws-card"><h2>${record.kind}, ${when(record.receivedAt)}</h2>
<p><strong>Held because:</strong> ${record.reason}</p>
<dl class="ws-record">${fieldsOf(record.data).map(([label, value]) => markup`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
<div class="ws-inline">
${
  releasable(record.kind)
    ? markup`<form method="post" action="${action}/release"><button type="submit">Not spam</button></form>`
    : markup`<p class="ws-muted">This kind cannot be delivered from here (it was held without what it needs); ask the sender to send it again.</p>`
}
<form method="post" action="${action}/delete"><button type="submit" class="ws-danger">Delete</button></form>
</div></li>`;
  });
  return {
    title: "Held back",
    body: markup`<p>Submissions the spam guard set aside. 'Not spam' delivers one exactly as if it had passed; 'Delete' removes it. Both are written to the audit log.</p>
${items.length > 0 ? markup`<ul class="ws-list">${items}</ul>` : markup`<p>Nothing is held back.</p>`}`,
  };
}

import { markup } from "./markup.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { SECTIONS } from "./shell.server.ts";

/** The workspace's first page: where each kind of work is. */
export async function overviewPage({ session }: PageRequest): Promise<PageContent> {
  const links = SECTIONS.slice(1).map(
    (section) => markup`<li><a href="${section.path}">${section.label}</a></li>`,
  );
  return {
    title: "Secretariat workspace",
    body: markup`<p>Signed in as ${session.account.email}. The session ends after 30 minutes without use.</p>
<ul class="ws-sections">${links}</ul>`,
  };
}

import type { MetaDescriptor } from "react-router";

/** A workspace page's head: its title, and never in a search engine (it is behind a sign-in anyway). */
export const workspaceMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | ISGPB secretariat` },
  { name: "robots", content: "noindex, nofollow" },
];

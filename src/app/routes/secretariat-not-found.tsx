import { notFound } from "#server/secretariat/workspace.server.ts";

/** Any other address under /secretariat: the workspace's 404, after its session check (no page is revealed). */
export function loader(): never {
  notFound("There is no such page in the workspace.");
}

// A component, so the framework renders the 404 as a page (a route without one answers as a resource).
export default function SecretariatNotFound() {
  return null;
}

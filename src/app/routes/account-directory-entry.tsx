import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { DirectoryEntryView } from "#features/account/directory-entry-view.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "My Directory Entry",
    description: "Your entry in the member directory: what other members see, and corrections.",
    noindex: true,
  },
  // The forms posted without JavaScript come back to one of these.
  prerender: () => ["/account/directory-entry?status=saved", "/account/directory-entry?status=sent"],
  view: ["status"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>My Directory Entry</h1>
      <DirectoryEntryView returned={searchParams.get("status")} />
    </div>
  );
}

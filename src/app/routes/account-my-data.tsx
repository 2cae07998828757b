import type { RouteHandle } from "#app/route-handle.ts";
import { MyDataView } from "#features/account/my-data-view.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "My Data",
    description: "Download everything the website holds about you, or close your account.",
    noindex: true,
  },
};

export function Component() {
  return (
    <div className="page">
      <h1>My Data</h1>
      <MyDataView />
    </div>
  );
}

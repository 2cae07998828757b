import { Link } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";

export const handle: RouteHandle = {
  meta: { title: "Page not found", description: "The page you asked for is not on this site." },
};

export function Component() {
  return (
    <div className="page prose">
      <h1>Page not found</h1>
      <p>The page you asked for is not here. It may have moved when the society's website was rebuilt.</p>
      <p>
        Try the <Link to="/">home page</Link>, or the Quick Links at the foot of this page.
      </p>
    </div>
  );
}

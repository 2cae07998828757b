import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

/** Shown in place of a page that failed to load or render. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that page."
          : "This page could not be shown. Please check your connection and reload the page."}
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}

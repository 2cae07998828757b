import "./global.css";
import type { ComponentType, ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { SiteFooter } from "#components/layout/site-footer.tsx";
import { SiteHeader } from "#components/layout/site-header.tsx";
import { SiteNav } from "#components/layout/site-nav.tsx";
import { SubscribeForm } from "#features/newsletter/subscribe-form.tsx";
import { contentScope } from "#server/content/content-middleware.server.ts";
import { formFlash } from "#server/forms/form-flash.server.ts";
import { canonicalPath } from "#server/http/canonical-path.server.ts";
import { pageHeaders } from "#server/http/page-headers.server.ts";
import { sameOriginActions } from "#server/http/same-origin-actions.server.ts";
import { type RootData, rootData } from "#server/pages/root-data.server.ts";
import type { Route } from "./+types/root";
import { PageStylesheets } from "./inline-stylesheets.tsx";
import { pageTitle } from "./page-meta.ts";
import { useFocusOnNavigation } from "./use-focus-on-navigation.ts";

// Headers first, so every answer has them, the refusals below too; then what no loader or action
// may be reached by: a path spelt around its rate limit, a post from another site.
export const middleware: Route.MiddlewareFunction[] = [
  pageHeaders,
  canonicalPath,
  sameOriginActions,
  contentScope,
  formFlash,
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  return rootData(request, context);
}

export function Layout({ children }: { children: ReactNode }) {
  // The secretariat's preview frame runs nothing: its page comes without scripts (RootData.preview).
  const preview = useRouteLoaderData<RootData>("root")?.preview === true;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5130" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title="ISGPB news and events"
          href="/news/feed.xml"
        />
        <Meta />
        <PageStylesheets />
      </head>
      <body>
        {children}
        {!preview && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The frame of every page: skip link, header, menu, the page, footer. */
function Frame({ children }: { children: ReactNode }) {
  const main = useFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <SiteNav />
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter subscribe={<SubscribeForm />} />
    </>
  );
}

/**
 * A route whose pages draw their own frame (the secretariat's workspace) says so in its handle. It
 * may name the page its errors are shown with, too: one its middleware throws (a visitor refused)
 * comes to this boundary, since no loader below the root has run.
 */
export type FrameHandle = { ownFrame?: boolean; ErrorPage?: ComponentType<{ error: unknown }> };

export default function App() {
  const ownFrame = useMatches().some((match) => (match.handle as FrameHandle | undefined)?.ownFrame);
  if (ownFrame) return <Outlet />;
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/**
 * A page that is not there (404, from the catch-all route or a loader), a post refused as sent
 * from another site (403), or a page that failed: said in the site's frame, with the status the
 * server answered.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  const OwnErrorPage = useMatches()
    .map((match) => (match.handle as FrameHandle | undefined)?.ErrorPage)
    .find(Boolean);
  if (OwnErrorPage) return <OwnErrorPage error={error} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // 403: a form posted from another site (sameOriginActions), refused before any action.
  const crossSite = status === 403;
  const title = notFound ? "Page not found" : crossSite ? "Form not accepted" : "Something went wrong";
  const page = (
    <div className="page prose">
      <h1>{title}</h1>
      {notFound ? (
        <>
          <p>The page you asked for is not here. It may have moved when the society's website was rebuilt.</p>
          <p>
            {/* No frame (a refusal of the root's middleware): no Quick Links at the foot either. */}
            Try the <Link to="/">home page</Link>
            {root ? ", or the Quick Links at the foot of this page." : "."}
          </p>
        </>
      ) : crossSite ? (
        <>
          <p>This form was sent from another website, so nothing was sent or changed.</p>
          <p>
            To use one of the society's forms, open its page on this site and send it from there:{" "}
            <Link to="/">go to the home page</Link>.
          </p>
        </>
      ) : (
        <>
          <p>This page could not be shown. Please check your connection and reload the page.</p>
          <p>
            <Link to="/">Go to the home page</Link>
          </p>
        </>
      )}
    </div>
  );
  // Without the root's data (it is what failed) the frame cannot be drawn: the message alone.
  return (
    <>
      <title>{root ? pageTitle(title, root.site) : title}</title>
      {root ? <Frame>{page}</Frame> : <main id="main">{page}</main>}
    </>
  );
}

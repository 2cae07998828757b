import type { ReactNode, Ref } from "react";
import {
  isRouteErrorResponse,
  Link,
  type LinkDescriptor,
  NavLink,
  useLocation,
  useSearchParams,
} from "react-router";
import { loginReturningTo } from "#shared/return-path.ts";
import { flashFrom } from "#shared/secretariat-flash.ts";
import { SECTIONS, SIGN_IN_PATH, WORKSPACE_PATH } from "#shared/secretariat-paths.ts";
import workspaceStylesheet from "./workspace.css?url";

/**
 * The workspace's stylesheet (over the site's global.css), for its routes' `links`. The bundler
 * gives its address; a unit test renders without a build and has none, so there is no link then.
 */
export const workspaceLinks = (): LinkDescriptor[] =>
  workspaceStylesheet ? [{ rel: "stylesheet", href: workspaceStylesheet }] : [];

/**
 * The frame of every workspace page, drawn instead of the public site's (the layout route's
 * handle says so): a skip link, the header with who is signed in and a plain Sign out form, the
 * sections' navigation with the current one marked, and the page.
 */
export function WorkspaceFrame({
  who,
  mainRef,
  children,
}: {
  who: string;
  mainRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <>
      <a className="ws-skip" href="#main">
        Skip to content
      </a>
      <header className="ws-header">
        <Link className="ws-brand" to={WORKSPACE_PATH}>
          ISGPB secretariat
        </Link>
        {/* A document post, with or without JavaScript: signing out leaves the workspace. */}
        <form className="ws-signout" method="post" action="/logout">
          <span className="ws-who">{who}</span> <button type="submit">Sign out</button>
        </form>
      </header>
      <nav className="ws-nav" aria-label="Workspace">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.path}>
              {/* The current section is marked (aria-current) on its sub-pages too. */}
              <NavLink to={section.path} end={section.path === WORKSPACE_PATH}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="ws-main" tabIndex={-1} ref={mainRef}>
        {children}
      </main>
    </>
  );
}

/** What the last action did, from the page's own address (`?done=`): a known sentence or nothing. */
export function FlashLine() {
  const [search] = useSearchParams();
  const flash = flashFrom(search);
  if (!flash) return null;
  return (
    <p className={`ws-flash ws-flash-${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}

/** A workspace page: its heading, the flash of the action that led here, its content. */
export function WorkspacePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <FlashLine />
      {children}
    </>
  );
}

/** A page outside the workspace's navigation: the way in, a refusal, a missing record. */
export function BareFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <header className="ws-header">
        <a className="ws-brand" href="/">
          ISGPB
        </a>
      </header>
      <main id="main" className="ws-main ws-bare">
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

/** The titles of the workspace's error pages, by status; anything else failed on our side. */
const REFUSAL_TITLES: Record<number, string> = {
  401: "Please sign in",
  403: "Not available",
  404: "Not found",
};
const FAILED_TITLE = "Something went wrong";

/**
 * What the workspace answers instead of a page: 401 (how to get in), 403 (not for this account),
 * 404 (what is missing), or a failure. `message` is one of the server's own sentences.
 */
export function RefusalPage({ status, message }: { status: number; message: string | null }) {
  const title = REFUSAL_TITLES[status] ?? FAILED_TITLE;
  // Signed out (a session ends after 30 minutes idle): back to this page once signed in again.
  const { pathname, search } = useLocation();
  return (
    <BareFrame title={title}>
      <p>{message ?? "This page could not be shown. Please try again in a minute."}</p>
      {status === 401 ? (
        <p>
          <a href={loginReturningTo(`${pathname}${search}`)}>Sign in</a>, or{" "}
          <a href={SIGN_IN_PATH}>ask for a link to set your password</a>.
        </p>
      ) : status === 403 ? (
        <p>
          <a href="/account">Your account</a>
        </p>
      ) : (
        <p>
          <a href={WORKSPACE_PATH}>Back to the workspace</a>
        </p>
      )}
    </BareFrame>
  );
}

/** What the server throws for a refusal or a missing record: one of its own sentences. */
const messageOf = (data: unknown) =>
  typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string"
    ? (data as { message: string }).message
    : null;

/**
 * The page for an error thrown in the workspace, whichever boundary shows it: the workspace's
 * (a record a loader did not find) or the site's root (the session check, which runs before any
 * loader, so before the workspace's own stylesheet link): so it brings its head with it.
 */
export function WorkspaceErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? messageOf(error.data) : null;
  return (
    <>
      <title>{`${REFUSAL_TITLES[status] ?? FAILED_TITLE} | ISGPB secretariat`}</title>
      <meta name="robots" content="noindex, nofollow" />
      {workspaceStylesheet && <link rel="stylesheet" href={workspaceStylesheet} precedence="default" />}
      <RefusalPage status={status} message={message} />
    </>
  );
}

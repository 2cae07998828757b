import "./global.css";
import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { HydrationTurn } from "#components/layout/hydration-turn.tsx";
import { PageMetaProvider } from "#components/layout/page-meta.tsx";
import { SiteFooter } from "#components/layout/site-footer.tsx";
import { SiteHeader } from "#components/layout/site-header.tsx";
import { SiteNav } from "#components/layout/site-nav.tsx";
import { SubscribeForm } from "#features/newsletter/subscribe-form.tsx";
import { DocumentMeta } from "./document-meta";

export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // After a client-side page change, move focus to the new content, as a page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <PageMetaProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Hydrated in several short tasks, not one long one. */}
      <HydrationTurn>
        <SiteHeader />
      </HydrationTurn>
      <HydrationTurn>
        <SiteNav />
      </HydrationTurn>
      <HydrationTurn>
        <main id="main" ref={main} tabIndex={-1}>
          <Outlet />
        </main>
      </HydrationTurn>
      <HydrationTurn>
        <SiteFooter subscribe={<SubscribeForm />} />
      </HydrationTurn>
      <ScrollRestoration />
      <DocumentMeta />
    </PageMetaProvider>
  );
}

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { PageMeta } from "#shared/page-meta.ts";

type Override = { key: string; meta: PageMeta } | null;

const PageMetaContext = createContext<{ override: Override; setOverride: (override: Override) => void }>({
  override: null,
  setOverride: () => {},
});

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<Override>(null);
  return <PageMetaContext value={{ override, setOverride }}>{children}</PageMetaContext>;
}

/** The meta a page set for the current location with usePageMeta, if any. */
export function usePageMetaOverride(): PageMeta | null {
  const { override } = useContext(PageMetaContext);
  const { key } = useLocation();
  return override?.key === key ? override.meta : null;
}

/**
 * For a page whose title is only known once its data arrives in the browser (a news item
 * loaded after a client-side navigation): sets the document's meta for this location.
 */
export function usePageMeta(meta: PageMeta) {
  const { setOverride } = useContext(PageMetaContext);
  const { key } = useLocation();
  const { title, description } = meta;
  // biome-ignore lint/correctness/useExhaustiveDependencies: title and description are what matter
  useEffect(() => setOverride({ key, meta }), [key, title, description, setOverride]);
}

/**
 * Whether this process is the build writing the prerendered pages (npm run build sets
 * ISGPB_PRERENDER=1 around `react-router build`). A loader then knows nothing of any visitor: a
 * prerendered page is the same for everyone, and what depends on the visitor (who is signed in)
 * is left for the browser to ask.
 */
export const isPrerendering = (): boolean => process.env.ISGPB_PRERENDER === "1";

/**
 * Which answers Netlify's edge may keep and hand to other visitors, and for how long: the rule
 * the local server follows when it models the CDN for the benchmarks (serve.ts, `edgeCache`).
 */

/** How long Netlify's edge keeps an answer (its max-age and stale-while-revalidate), in ms; 0 if it is not shared. */
export function edgeLifetime(headers: Headers): number {
  const rule = headers.get("netlify-cdn-cache-control") ?? headers.get("cdn-cache-control") ?? "";
  const vary = `${headers.get("vary") ?? ""} ${headers.get("netlify-vary") ?? ""}`;
  if (!/\bpublic\b/.test(rule) || /\b(private|no-store)\b/.test(rule)) return 0;
  if (headers.has("set-cookie") || /cookie/i.test(vary)) return 0;
  const seconds = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(rule)?.[1] ?? 0);
  return (seconds("max-age") + seconds("stale-while-revalidate")) * 1000;
}

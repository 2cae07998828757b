/**
 * The kinds of event the society holds and their labels. Apart from the schemas so the browser
 * can show them without loading zod (whose run-time checks trip the site's no-eval CSP).
 */
export const EVENT_KINDS = {
  "general-body-meeting": "General Body meeting",
  "council-meeting": "Executive Council meeting",
  congress: "Congress",
  "award-lecture": "Award lecture",
  workshop: "Workshop",
  other: "Event",
} as const;
export type EventKind = keyof typeof EVENT_KINDS;

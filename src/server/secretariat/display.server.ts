/**
 * How the workspace writes its records' values, done on the server where each page's data is
 * read: the pages are handed text, so what the browser shows when it hydrates is exactly what the
 * server rendered (a browser's Intl can word a date differently from Node's).
 */

/** A moment as the office reads it, in India's time (the society's), to the minute. */
export function when(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(date)} IST`;
}

export const rupees = (amount: number | null) =>
  amount === null ? "not set" : `₹${amount.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** A submission's fields, whatever its kind, as label and text (a held one, a stored message). */
export function fieldsOf(data: unknown): [string, string][] {
  if (!data || typeof data !== "object") return [["Content", String(data)]];
  return Object.entries(data as Record<string, unknown>).map(([name, value]) => [
    name,
    Array.isArray(value)
      ? value.join(", ")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value),
  ]);
}

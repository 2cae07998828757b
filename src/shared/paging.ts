/** Page arithmetic for lists shown a page at a time (pages count from 1). */

export function pageCount(items: number, size: number): number {
  return Math.max(1, Math.ceil(items / size));
}

/** A page number from the URL, kept within 1..count; anything else is page 1. */
export function clampPage(value: string | null, count: number): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 ? Math.min(page, count) : 1;
}

export function pageSlice<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

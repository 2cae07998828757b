/** Directory and fellows constants with no dependencies, shared by the pages and the functions. */

/** Members listed a page at a time, so 2,100 rows never reach the DOM at once. */
export const DIRECTORY_PAGE_SIZE = 50;

/** A member id: 16 hex digits derived from the record, never its row number. */
export const MEMBER_ID_PATTERN = /^[0-9a-f]{16}$/;

/** SPEC section 8: the texts these pages show. */
export const DIRECTORY_TEXTS = {
  loading: "Loading...",
  directoryEmpty: "No data found in the specified range.",
  fellowsEmpty: "No data found.",
  fellowsFailed: "Error fetching data.",
} as const;

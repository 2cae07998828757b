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
  // Not SPEC's: a prerendered list whose live copy could not be had stays, and says why it may
  // differ from the sheet (decision 6, "When the live list cannot be had").
  directoryMayBeOutOfDate:
    "The live directory could not be loaded just now, so this is the list as it was when the site was last published: it may be out of date. Searching, the state filter and members' contact details need the live directory; please try again later.",
  fellowsMayBeOutOfDate:
    "The live list of fellows could not be loaded just now, so this is the list as it was when the site was last published: it may be out of date.",
} as const;

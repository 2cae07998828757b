/**
 * The one module that imports zod; everything else imports `z` (or `zm`) from here, so the
 * configuration below is in force wherever a schema runs.
 * - `z`, the full API: form input and content, checked on the server and at build time.
 * - `zm`, zod/mini: the JSON answers' contracts (src/shared/api/), smaller and tree-shaken. The
 *   browser imports only their types: no zod reaches a page's script (decision 0027).
 */
import { z } from "zod";
import * as zm from "zod/mini";

// zod compiles validators with new Function() unless told not to; the site's CSP forbids eval.
// Both APIs share zod's core, so this one call configures them both.
zm.config({ jitless: true });

export { z, zm };

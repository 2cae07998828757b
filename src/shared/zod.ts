/**
 * The one module that imports zod; everything else imports `z` (or `zm`) from here, so the
 * configuration below is in force wherever a schema runs.
 * - `z`, the full API: form input and content, checked on the server and at build time.
 * - `zm`, zod/mini: the answers the browser parses. It tree-shakes, so a page that parses one
 *   small answer ships a few kilobytes, not the whole of zod.
 */
import { z } from "zod";
import * as zm from "zod/mini";

// zod compiles validators with new Function() unless told not to; the site's CSP forbids eval.
// Both APIs share zod's core, so this one call configures them both.
zm.config({ jitless: true });

export { z, zm };

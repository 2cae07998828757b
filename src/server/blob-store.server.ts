import { getStore, type Store } from "@netlify/blobs";
import { readEnv } from "./env.server.ts";
import { withinTime } from "./time-limit.server.ts";

/**
 * A store of the site's Blobs, the one way the site opens one: strongly consistent, and every call
 * bounded by BLOBS_TIMEOUT_MS (decision 0035). Why: @netlify/blobs retries a failing request five
 * times, 5 s apart (1 ms under tests), and waits as long as a hanging request does. With storage
 * answering 500 and NODE_ENV=production, one read took 25 s and a contact post 50 s before its
 * 503; a visitor on a phone gives up long before, and a hang runs into the function's limit. Past
 * the limit a call fails as a refused one does. It may still land later, as the library's retries
 * go on; a form then says "not sent" for a message that was kept, which errs towards a second
 * message, never a lost one.
 */
export function blobStore(name: string): Store {
  const store = getStore({ name, consistency: "strong" });
  const ms = readEnv().BLOBS_TIMEOUT_MS;
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        // list({ paginate: true }) gives pages as they come, not a promise: left as it is.
        return result instanceof Promise
          ? withinTime(result, ms, `Blobs ${name}.${String(property)}`)
          : result;
      };
    },
  });
}

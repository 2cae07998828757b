import { getStore, type Store } from "@netlify/blobs";
import { readEnv } from "./env.server.ts";
import { withinTime } from "./time-limit.server.ts";

/**
 * A store of the site's Blobs, the one way the site opens one: strongly consistent, and every call
 * bounded by BLOBS_TIMEOUT_MS. Alone, @netlify/blobs retries a failing call for 25 s and waits on a
 * hanging one for as long as it hangs, so a form would answer its 503 far too late (decision 0035).
 * A call past the limit fails as a refused one does, though the library's retries may still land it.
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

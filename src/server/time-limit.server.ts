/** Thrown when a call to an outside service has not answered in the time it was given. */
export class TimeLimitError extends Error {
  override name = "TimeLimitError";
}

/**
 * `promise`, or a TimeLimitError once `ms` have passed without an answer. The call itself is not
 * stopped (a library may go on retrying behind it); only the waiting is.
 */
export function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeLimitError(`${what} took longer than ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

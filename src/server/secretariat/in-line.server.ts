import { type Account, getAccount } from "../account/accounts.server.ts";

/**
 * Actions on one record run one after another within an instance. Across instances a create-only
 * write decides (atomic on Netlify); the local Blobs server checks and writes in two steps, so two
 * presses landing together in one process are put in line here as well.
 */
const queues = new Map<string, Promise<unknown>>();

export function inLine<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(work);
  queues.set(key, next);
  void next
    .catch(() => {})
    .finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  return next;
}

/**
 * Acts on an account in line (above), on its record read afresh inside the line: a press just
 * before this one may have changed it. An account gone meanwhile gets `gone`.
 */
export function onFreshAccount<T>(key: string, act: (current: Account) => Promise<T>, gone: T): Promise<T> {
  return inLine(key, async () => {
    const current = await getAccount(key);
    return current ? act(current) : gone;
  });
}

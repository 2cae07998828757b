/**
 * Work on one record runs one press after another within an instance. Across instances a
 * conditional write decides (atomic on Netlify); the local Blobs server checks and then writes in
 * two steps, and its reads carry no ETag, so two presses landing together in one process are put
 * in line here as well.
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

/**
 * Why this exists: @netlify/dev 5.1.3 gives every request a temporary folder under
 * .netlify/functions-serve/, builds the function it calls into it, and removes the folder when
 * that request ends. But concurrent requests share builds: a function's build still in flight is
 * memoised for every request that asks meanwhile (dev-utils' `memoize`, keyed by function), and
 * the function keeps only the last build's data (`func.buildData`), which every invocation reads.
 * So a request can load its function from another request's folder, removed when that one
 * ended: "Cannot find module …/functions-serve/_xxxx/…", a 500 under load.
 *
 * The cure: the folders are ours, and a folder is removed only once every request that began
 * before its own request ended has ended too. Only those requests can hold a path into it: one
 * that begins later waits for a build that completes after it began, and any later build's
 * folder belongs to a request that is still running then.
 */
export class BuildFolders {
  #next = 0;
  readonly #running = new Set<number>();
  #released: { folder: string; mark: number }[] = [];
  readonly #remove: (folder: string) => Promise<void>;

  constructor(remove: (folder: string) => Promise<void>) {
    this.#remove = remove;
  }

  /** A request begins: its number. */
  begin(): number {
    const id = this.#next++;
    this.#running.add(id);
    return id;
  }

  /** The request has ended: its folder is removed once every request begun before now has ended. */
  async end(id: number, folder: string): Promise<void> {
    this.#running.delete(id);
    this.#released.push({ folder, mark: this.#next });
    const oldestRunning = Math.min(...this.#running); // Infinity when none is running
    const ready = this.#released.filter(({ mark }) => mark <= oldestRunning);
    this.#released = this.#released.filter(({ mark }) => mark > oldestRunning);
    await Promise.all(ready.map(({ folder }) => this.#remove(folder)));
  }

  /** Folders released but kept for requests still running. */
  get held(): string[] {
    return this.#released.map(({ folder }) => folder);
  }
}

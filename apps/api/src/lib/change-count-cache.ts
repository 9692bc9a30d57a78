/**
 * Answers this API process has read (staff filter pages and statistics, patient searches), each kept with
 * the change count of what it shows at the moment it was read, in the same statement (a filter's days and
 * department, migration 0004; the patient register, migration 0032). An answer is given again only for the
 * same count, read fresh from the database on each request: the count goes up when any change such an
 * answer could show commits, so an answer from here is the one the database would give now. Bounded by the
 * text it holds; the answer least recently asked for goes first.
 */
export class ChangeCountCache<V> {
  // A Map iterates in insertion order: each hit moves its key to the end, so the first key is the least recent.
  private readonly pages = new Map<string, { changes: number; page: V; size: number }>();
  private held = 0;

  /** maxSize: how much text (in characters) all the pages together may hold. */
  constructor(private readonly maxSize: number) {}

  /** Whether a page of this key is kept at all (worth asking the database for the change count). */
  has(key: string): boolean {
    return this.pages.has(key);
  }

  /** The page of this key, if it was read when the filter's change count was `changes`. */
  get(key: string, changes: number): V | undefined {
    const kept = this.pages.get(key);
    if (!kept || kept.changes !== changes) return undefined;
    this.pages.delete(key);
    this.pages.set(key, kept);
    return kept.page;
  }

  /**
   * Keeps a page read at change count `changes`, unless a page of this key read at a later count is already
   * kept (two requests may read the same page at once, around a change).
   */
  set(key: string, changes: number, page: V, size: number): void {
    const kept = this.pages.get(key);
    if (kept && kept.changes > changes) return;
    if (kept) this.forget(key, kept.size);
    if (size > this.maxSize) return;
    this.pages.set(key, { changes, page, size });
    this.held += size;
    for (const [oldest, { size: oldestSize }] of this.pages) {
      if (this.held <= this.maxSize) break;
      this.forget(oldest, oldestSize);
    }
  }

  /** How much text the kept pages hold, in characters. */
  get size(): number {
    return this.held;
  }

  private forget(key: string, size: number): void {
    this.pages.delete(key);
    this.held -= size;
  }
}

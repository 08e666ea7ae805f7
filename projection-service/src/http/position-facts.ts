/**
 * A small fact of a tenant that many answers read alike (a calendar's rules, its first dependencies),
 * by name: kept for the read models' position where the caller keeps any (`PositionFacts`), else
 * read by `make` every time.
 */
export type Facts = <T>(key: string, make: () => Promise<T>) => Promise<T>;

/** How many facts are kept for one position before the keeping starts again. */
export const FACTS_KEPT = 1_024;

/**
 * Values read for one position of the read models, by name: asked again at the same position, the
 * value read first (or still being read); at another position, none of them. At most `size` are
 * kept: one more starts again with none, so that a caller cannot make the map grow without bound.
 * A read that fails is not kept.
 */
export class PositionFacts {
  private position = -1;
  private values = new Map<string, Promise<unknown>>();

  constructor(private readonly size: number) {}

  get<T>(position: number, key: string, make: () => Promise<T>): Promise<T> {
    if (position !== this.position || this.values.size >= this.size) {
      this.position = position;
      this.values = new Map();
    }
    const values = this.values;
    let value = values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      values.set(key, value);
      value.catch(() => values.delete(key));
    }
    return value;
  }
}

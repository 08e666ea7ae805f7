/**
 * Answers already written, by query, arguments and the read models' position: the same page asked
 * again before anything changed (the portfolio's first page, a month many planners look at) costs a
 * lookup. The least recently used answers go first once the answers' text passes `maxChars`.
 */
export class AnswerCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars = 32 * 2 ** 20) {}

  get(key: string): string | undefined {
    const json = this.entries.get(key);
    if (json === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, json);
    return json;
  }

  set(key: string, json: string): void {
    // an answer larger than a sixteenth of the room would push out too many others
    if (json.length > this.maxChars / 16 || this.entries.has(key)) return;
    this.entries.set(key, json);
    this.chars += json.length;
    for (const [oldest, text] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= text.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * An answer already written as JSON (by a query thread, or a query that writes its own): sent as it is
 * (`JsonTextInterceptor`), not parsed and written again. Without Nest, so that a query thread loads none.
 */
export class JsonText<T> {
  /** Only for the type: what the text holds. */
  declare readonly answer?: T;
  /** The text, or the pieces its query wrote it in (a timeline page: `answerPieces`), joined once read. */
  private source: string | readonly string[];

  constructor(
    json: string | readonly string[],
    /**
     * Where the answer is kept (`AnswerCache`): the name it is kept under, which holds the read
     * models' position, so that one name is one answer. Its ETag is made of this name, not of the
     * text (docs/design/answer-etags.md).
     */
    readonly keptAs?: string,
  ) {
    this.source = json;
  }

  /** The whole text: its pieces joined, once. */
  get json(): string {
    if (typeof this.source !== 'string') this.source = this.source.join('');
    return this.source;
  }

  /**
   * The text in the pieces its query wrote it in, or in one: a query thread writes them one after the
   * other into a slot (`writeToSlot`).
   */
  get pieces(): readonly string[] {
    return typeof this.source === 'string' ? [this.source] : this.source;
  }
}

/**
 * An answer already written as JSON, as UTF-8 bytes in memory a query thread shares (`AnswerSlots`):
 * sent as they are (`JsonTextInterceptor`), then `release`d, once, so that the memory can hold
 * another answer. Its ETag is made of `keptAs`, as a `JsonText`'s.
 */
export class JsonBytes<T> {
  /** Only for the type: what the bytes hold. */
  declare readonly answer?: T;
  private held = true;

  constructor(
    readonly bytes: Buffer,
    readonly keptAs: string,
    private readonly letGo: () => void,
  ) {}

  /** Once the bytes were sent, or the request that waited for them ended: their memory is free. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.letGo();
  }
}

/** What a query answers: its view, or that view's JSON. */
export type Answer<T> = T | JsonText<T> | JsonBytes<T>;

/** The view an answer holds: itself, or its JSON read (for specs that call a controller, printouts). */
export const answered = async <T>(answer: Promise<Answer<T>>): Promise<T> => {
  const value = await answer;
  if (value instanceof JsonText) return JSON.parse(value.json) as T;
  if (!(value instanceof JsonBytes)) return value;
  try {
    return JSON.parse(value.bytes.toString('utf8')) as T;
  } finally {
    value.release();
  }
};

/**
 * An answer already written as JSON (by a query thread, or a query that writes its own): sent as it is
 * (`JsonTextInterceptor`), not parsed and written again. Without Nest, so that a query thread loads none.
 */
export class JsonText<T> {
  /** Only for the type: what the text holds. */
  declare readonly answer?: T;

  constructor(
    readonly json: string,
    /**
     * Where the answer is kept (`AnswerCache`): the name it is kept under, which holds the read
     * models' position, so that one name is one answer. Its ETag is made of this name, not of the
     * text (docs/design/answer-etags.md).
     */
    readonly keptAs?: string,
  ) {}
}

/** What a query answers: its view, or that view's JSON. */
export type Answer<T> = T | JsonText<T>;

/** The view an answer holds: itself, or its JSON read (for specs that call a controller). */
export const answered = async <T>(answer: Promise<Answer<T>>): Promise<T> => {
  const value = await answer;
  return value instanceof JsonText ? (JSON.parse(value.json) as T) : value;
};

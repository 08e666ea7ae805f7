/**
 * The response handler of a download (CSV, an event log): the body as it came, or a failure's problem
 * details parsed when they are JSON, so that the console says the server's problem as for any query.
 */
export const textOrProblem = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (response.ok) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

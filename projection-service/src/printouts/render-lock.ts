import { ProblemException, problem } from '@fahrplan/platform';

/**
 * One printout at a time per user: a render holds a few MB and a core for up to seconds, and a second
 * click while the first renders would only double that. A second request meanwhile answers 429.
 */
export class RenderLock {
  private readonly running = new Set<string>();

  async run<T>(user: string, render: () => Promise<T>): Promise<T> {
    if (this.running.has(user))
      throw new ProblemException(
        problem(429, 'one printout at a time per user: wait for the one being rendered'),
        2,
      );
    this.running.add(user);
    try {
      return await render();
    } finally {
      this.running.delete(user);
    }
  }
}

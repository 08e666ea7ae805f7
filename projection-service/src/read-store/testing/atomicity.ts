/** Whether a store applies each single-document update atomically, as MongoDB does; else why not. */
export type Atomicity = true | string;

/**
 * `it` for a test of concurrent writers to one document, or `it.skip` with the reason printed when
 * the store does not apply single-document updates atomically.
 */
export function itWhenAtomic(atomic: Atomicity, name: string, test: () => Promise<void>): void {
  if (atomic === true) return void it(name, test);
  process.stdout.write(`"${name}" skipped: ${atomic}\n`);
  it.skip(name, test);
}

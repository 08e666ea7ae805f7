/**
 * A library loaded when it is first used rather than when its importer is: `npm start` listens
 * before it loads the sheet, printout and distributed adapters' libraries, and the embedded shape
 * never loads the distributed ones (docs/design/lazy-libraries.md). `load` is the importer's own
 * `require`, so that `name` resolves from the importer's package; `T` is the library's type.
 */
export const onFirstUse = <T>(load: NodeJS.Require, name: string): (() => T) => {
  let library: T | undefined;
  return () => (library ??= load(name) as T);
};

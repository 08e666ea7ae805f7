import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { transformSync } from '@swc/core';

const repository = join(__dirname, '../../../..');

const sources = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

/** What a child needs: the contracts and the platform's event store and bus. */
const compiled = ['contracts/src', 'platform/src/event-store', 'platform/src/bus'];

/**
 * Compiles the folders above with swc into `target`, keeping their layout, so that a
 * child process runs a test script on plain `node` as the built services do. Imports of
 * `@fahrplan/contracts` point at the compiled copy (not a possibly stale dist); other packages
 * resolve through NODE_PATH (see `childEnvironment`). Returns the compiled path of `script`.
 */
export function compileForChild(target: string, script: string): string {
  const contractsIndex = join(target, 'contracts/src/index.js');
  for (const source of compiled.flatMap((folder) => sources(join(repository, folder)))) {
    const output = join(target, relative(repository, source)).replace(/\.ts$/, '.js');
    const { code } = transformSync(readFileSync(source, 'utf8'), {
      filename: source,
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
      },
      module: { type: 'commonjs' },
    });
    let contracts = relative(dirname(output), contractsIndex);
    if (!contracts.startsWith('.')) contracts = `./${contracts}`;
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(
      output,
      code.replaceAll('require("@fahrplan/contracts")', `require(${JSON.stringify(contracts)})`),
    );
  }
  return join(target, relative(repository, script)).replace(/\.ts$/, '.js');
}

/** The environment of a compiled child: the repository's packages on NODE_PATH. */
export const childEnvironment = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_PATH: join(repository, 'node_modules'),
  ...extra,
});

/** A path inside the repository. */
export const repositoryPath = (...parts: string[]) => join(repository, ...parts);

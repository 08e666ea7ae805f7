import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { transformSync } from '@swc/core';

const root = resolve(__dirname, '../../..');

/** A path inside the repository. */
export const repositoryPath = (...parts: string[]) => join(root, ...parts);

/**
 * Compiles the sources of the packages a child process needs with swc (as Jest does), so that it
 * runs on plain `node` like the built services, on the code under test rather than on `dist/`.
 * The output lands under node_modules/.cache so that the child resolves third-party packages; the
 * workspace imports (`@fahrplan/<package>`) are pointed at the compiled sources.
 */
export function compileForNode(
  entry: string,
  packages: readonly string[] = ['contracts', 'platform'],
): { readonly script: string; readonly dispose: () => void } {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const target = mkdtempSync(join(cache, 'fahrplan-child-'));
  for (const name of packages) {
    const source = join(root, name, 'src');
    for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
      const path = join(source, file);
      const { code } = transformSync(readFileSync(path, 'utf8'), {
        filename: path,
        jsc: {
          target: 'es2023',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
        },
        module: { type: 'commonjs' },
      });
      const output = join(target, relative(root, path)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(output), { recursive: true });
      writeFileSync(
        output,
        code.replace(
          /require\("@fahrplan\/([a-z-]+)"\)/g,
          (_, name: string) => `require(${JSON.stringify(join(target, name, 'src', 'index.js'))})`,
        ),
      );
    }
  }
  return {
    script: join(target, relative(root, entry)).replace(/\.ts$/, '.js'),
    dispose: () => rmSync(target, { recursive: true, force: true }),
  };
}

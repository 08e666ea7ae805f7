/**
 * Writes the AsyncAPI document to a file: `node contracts/dist/write-asyncapi.js <path>`
 * (the build generates it; it is not committed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { asyncApiDocument } from './asyncapi';

const [target] = process.argv.slice(2);
if (!target) {
  process.stderr.write('usage: write-asyncapi <output file>\n');
  process.exit(2);
}
const file = resolve(target);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(asyncApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);

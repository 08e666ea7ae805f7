import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFlagsOf } from './service-process';

describe('nodeFlagsOf: the flags npm start gives Node', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'fahrplan-flags-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("reads package.json's config.nodeFlags, one flag per word", () => {
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({ config: { nodeFlags: ' --max-semi-space-size=16   --heap-growing-percent=100 ' } }),
    );
    expect(nodeFlagsOf(folder)).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=100']);
  });

  it('gives none for a build from before them', () => {
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({ scripts: { start: 'node server/dist/main.js' } }),
    );
    expect(nodeFlagsOf(folder)).toEqual([]);
  });

  it("are what this repository's npm start passes", () => {
    const { scripts } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(scripts.start).toContain('node $npm_package_config_nodeFlags server/dist/main.js');
    expect(nodeFlagsOf()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/)]),
    );
  });
});

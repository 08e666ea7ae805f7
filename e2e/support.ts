import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

const root = resolve(__dirname, '..');

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** `npm start`'s process, exactly as a user runs it (built by `npm run build` first). */
export class FahrplanProcess {
  private child: ChildProcess | undefined;
  output = '';

  constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly password: string,
  ) {}

  get url() {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [resolve(root, 'server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        FAHRPLAN_DEMO_PASSWORD: this.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited:\n${this.output}`);
      const ok = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not answer within 60 s:\n${this.output}`);
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    const [code, signal] = (await exited) as [number | null, string | null];
    clearTimeout(timer);
    if (signal === 'SIGKILL')
      throw new Error(`the server did not shut down within 15 s of SIGTERM:\n${this.output}`);
    if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM:\n${this.output}`);
  }
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

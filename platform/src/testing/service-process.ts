import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

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

export interface ServiceProcessOptions {
  /** The built entry point, relative to the repository, e.g. `server/dist/main.js`. */
  readonly entry: string;
  readonly port: number;
  readonly env: Record<string, string | undefined>;
  /**
   * What answers 200 once `start()` may resolve: by default `/api/ready` (the stores answer and the
   * read models have caught up); `/api/health` for as soon as the process listens.
   */
  readonly readyPath?: string;
  readonly startTimeoutMs?: number;
  /** How often `start` asks `readyPath` (default 200 ms). */
  readonly pollIntervalMs?: number;
  /** Node's flags before the entry, as `npm start` passes its own (`nodeFlagsOf`). */
  readonly nodeFlags?: readonly string[];
}

/** The flags `npm start` gives Node in the repository at `repository` (this one by default): its package.json's `config.nodeFlags`. */
export const nodeFlagsOf = (repository = root): string[] => {
  const { config } = JSON.parse(readFileSync(resolve(repository, 'package.json'), 'utf8')) as {
    config?: { nodeFlags?: string };
  };
  return (config?.nodeFlags ?? '').split(/\s+/).filter(Boolean);
};

/** A Fahrplan service in its own process, exactly as a user or an orchestrator starts it (after `npm run build`). */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  output = '';

  constructor(private readonly options: ServiceProcessOptions) {}

  get url() {
    return `http://localhost:${this.options.port}`;
  }

  /** The process id while it runs (to read its memory, say). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      [...(this.options.nodeFlags ?? []), resolve(root, this.options.entry)],
      {
        cwd: root,
        env: { ...process.env, ...this.options.env, PORT: String(this.options.port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const timeoutMs = this.options.startTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.options.entry} exited:\n${this.output}`);
      const ok = await fetch(`${this.url}${this.options.readyPath ?? '/api/ready'}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, this.options.pollIntervalMs ?? 200));
    }
    throw new Error(`${this.options.entry} did not answer within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  /** Resolves with the exit code once the process ended. */
  async exited(): Promise<number | null> {
    const child = this.child!;
    if (!this.running) return child.exitCode;
    const [code] = (await once(child, 'exit')) as [number | null];
    return code;
  }

  /** SIGTERM, then fails unless the process exits with 0 within `timeoutMs`. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.running) return;
    const exited = this.exited();
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    if (this.child!.signalCode === 'SIGKILL')
      throw new Error(
        `${this.options.entry} did not shut down within ${timeoutMs / 1000} s of SIGTERM:\n${this.output}`,
      );
    if (code !== 0) throw new Error(`${this.options.entry} exited with ${code} on SIGTERM:\n${this.output}`);
  }

  /** SIGKILL: a crash, nothing runs on the way out. */
  async kill(): Promise<void> {
    if (!this.running) return;
    const exited = this.exited();
    this.child!.kill('SIGKILL');
    await exited;
  }
}

import { Worker } from 'node:worker_threads';

/**
 * Load from a worker thread: its event loop is not the server's, as a real client's is not, so what
 * the probes measure is the server's delay and not the load generator's.
 */
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { baseUrl, calls, durationMs, gapMs } = workerData;
const url = new URL(baseUrl);
const agents = new Map();
const send = (call) =>
  new Promise((resolve) => {
    if (!agents.has(call.from)) agents.set(call.from, new http.Agent({ keepAlive: true }));
    const body = call.json === undefined ? undefined : JSON.stringify(call.json);
    const began = performance.now();
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        agent: agents.get(call.from),
        localAddress: call.from,
        headers: { ...call.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            retryAfter: response.headers['retry-after'] ?? null,
            ms: performance.now() - began,
          }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, retryAfter: null, ms: performance.now() - began, error: error.code }));
    request.end(body);
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  const deadline = performance.now() + durationMs;
  const results = await Promise.all(
    calls.map(async (call, index) => {
      const replies = [];
      await sleep((index * gapMs) / calls.length);
      while (performance.now() < deadline) {
        const reply = await send(typeof call.json === 'string' ? { ...call, json: JSON.parse(call.json.replace(/#/g, String(replies.length))) } : call);
        replies.push(reply);
        if (gapMs) await sleep(gapMs);
      }
      return replies;
    }),
  );
  for (const agent of agents.values()) agent.destroy();
  parentPort.postMessage(results);
})();
`;

export interface LoadCall {
  readonly method: string;
  readonly path: string;
  /** The loopback address the call comes from. */
  readonly from: string;
  readonly headers?: Record<string, string>;
  /** The body; as a string, JSON whose every '#' becomes the number of the call (fresh user names). */
  readonly json?: unknown;
}

export interface LoadReply {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly ms: number;
  readonly error?: string;
}

/**
 * Sends each call again and again for `durationMs`, each as soon as its previous answer arrived and
 * `gapMs` passed; resolves with every call's replies in order.
 */
export const runLoad = (options: {
  baseUrl: string;
  calls: readonly LoadCall[];
  durationMs: number;
  gapMs: number;
}): Promise<LoadReply[][]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: options });
    worker.once('message', (results: LoadReply[][]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });

/** The p-th percentile (0–100) of `values`, by the nearest-rank method. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

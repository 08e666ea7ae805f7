import { Agent, request } from 'node:http';
import type { Body } from '../../src/testing/platform';

export interface AddressReply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Body;
  readonly ms: number;
}

export interface AddressSendOptions {
  readonly token?: string;
  readonly json?: unknown;
  readonly headers?: Record<string, string>;
}

/**
 * A client of `baseUrl` whose connections come from `localAddress`, one of the loopback range
 * (127.0.0.0/8): the server sees each as a client of its own, as it would see hosts of a network.
 */
export class AddressClient {
  private readonly agent = new Agent({ keepAlive: true });
  private readonly url: URL;

  constructor(
    baseUrl: string,
    readonly localAddress: string,
  ) {
    this.url = new URL(baseUrl);
  }

  send(method: string, path: string, options: AddressSendOptions = {}): Promise<AddressReply> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const began = performance.now();
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers,
          agent: this.agent,
          localAddress: this.localAddress,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = /json/.test(response.headers['content-type'] ?? '') && text !== '';
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: json ? JSON.parse(text) : text,
              ms: performance.now() - began,
            });
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  login(tenant: string, username: string, password: string, headers?: Record<string, string>) {
    return this.send('POST', '/api/auth/login', { json: { tenant, username, password }, headers });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * A query thread of `QueryThreads`: its own read-only connection to the read models' file, answering
 * the queries the main thread sends it (`ThreadRequest`) with their answers as JSON.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DomainError } from '@fahrplan/contracts';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import type { ThreadRequest, ThreadResponse, ThreadSetup } from './query-threads';
import { threadQueries } from './thread-queries';

const { file, collections } = workerData as ThreadSetup;
const store = new SqliteReadStore(file, collections, { readOnly: true });
const port = parentPort!;

const answer = async ({ name, args, position }: ThreadRequest): Promise<string> => {
  const view = position === undefined ? store : store.at(position);
  const query = threadQueries[name] as (view: unknown, args: unknown) => Promise<unknown>;
  return JSON.stringify(await query(view, args));
};

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (json) => port.postMessage({ id: request.id, json } satisfies ThreadResponse),
    (error: unknown) => {
      const failure =
        error instanceof DomainError
          ? { name: error.name, message: error.message, code: error.code, details: error.details }
          : {
              name: error instanceof Error ? error.name : 'Error',
              message: String(error instanceof Error ? error.message : error),
            };
      port.postMessage({ id: request.id, error: failure } satisfies ThreadResponse);
    },
  );
});

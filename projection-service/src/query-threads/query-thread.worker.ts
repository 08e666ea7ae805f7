/**
 * A query thread of `QueryThreads`: its own read-only connection to the read models' file, answering
 * the queries the main thread sends it (`ThreadRequest`) with their answers as JSON: a large one
 * written into its query's slot (`AnswerSlots`), any other as a string.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DomainError } from '@fahrplan/contracts';
import { JsonText } from '../http/json-text';
import { FACTS_KEPT, PositionFacts } from '../http/position-facts';
import { WindowTiles } from '../items/window-tiles';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { ScenarioReadView, overlayOf } from '../scenarios/scenario-view';
import type { Overlay } from '../scenarios/scenario-view';
import { SLOT_MIN_CHARS, writeToSlot } from './answer-slots';
import { keepRecent } from './keep-recent';
import { THREAD_OVERLAYS } from './thread-overlays';
import type { ThreadData, ThreadRequest, ThreadResponse, ThreadScenario } from './query-threads';
import { threadQueries } from './thread-queries';
import type { LiveKeeping } from './thread-queries';

const { file, collections, memory, slotBytes } = workerData as ThreadData;
const slotMemory = memory && slotBytes ? { memory, slotBytes } : undefined;
const store = new SqliteReadStore(file, collections, { readOnly: true });
const port = parentPort!;

/** The scenarios' overlays this thread was sent, by name, held as the main thread notes them. */
const overlays = new Map<string, Overlay>();

const scenarioView = ({ name, overlay }: ThreadScenario): ScenarioReadView => {
  const held = overlay ? overlayOf(overlay) : overlays.get(name);
  // the main thread sends an overlay whenever it has not noted it here: a gap is a broken invariant
  if (!held) throw new Error(`a query thread was not sent the overlay of scenario ${name.split('\n')[1]}`);
  keepRecent(overlays, name, held, THREAD_OVERLAYS);
  return new ScenarioReadView(store, held);
};

/** The timeline's tiles of live windows, for the read models' position of the last live query. */
const tiles = new WindowTiles();
/** The facts of live queries (a calendar's rules, …), for the read models' position of the last one. */
const facts = new PositionFacts(FACTS_KEPT);

const liveKeeping = (position: number): LiveKeeping => ({
  tiles: tiles.at(position),
  facts: (key, make) => facts.get(position, key, make),
});

/** The answer's JSON, in the pieces its query wrote it in (`JsonText`), or in one. */
const answer = async ({
  name,
  args,
  position,
  scenario,
  live,
}: ThreadRequest): Promise<readonly string[]> => {
  const view = scenario ? scenarioView(scenario) : position === undefined ? store : store.at(position);
  const query = threadQueries[name] as (view: unknown, args: unknown, live?: LiveKeeping) => Promise<unknown>;
  const answered = await query(view, args, live === undefined ? undefined : liveKeeping(live));
  return answered instanceof JsonText ? answered.pieces : [JSON.stringify(answered)];
};

/** The answer in the request's slot where it was given one and the answer is large and fits, else as a string. */
const respond = ({ id, slot }: ThreadRequest, pieces: readonly string[]): ThreadResponse => {
  const chars = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const bytes =
    slot === undefined || !slotMemory || chars < SLOT_MIN_CHARS
      ? undefined
      : writeToSlot(slotMemory, slot, pieces);
  return bytes === undefined ? { id, json: pieces.join('') } : { id, bytes };
};

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (pieces) => port.postMessage(respond(request, pieces)),
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

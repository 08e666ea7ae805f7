import { topics } from '@fahrplan/contracts';
import { EventPublisher, InProcessBus } from '@fahrplan/platform';
import type { EventStore, ReceivedMessage } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '@fahrplan/projection-service';

/**
 * Runs the planning-events publisher over the log of `store` (from its start, on an in-process bus) until
 * what it put on the topic satisfies `done`, and answers those messages.
 */
export const publishedUntil = async (
  store: EventStore,
  done: (received: readonly ReceivedMessage[]) => boolean,
): Promise<ReceivedMessage[]> => {
  const bus = new InProcessBus();
  const publisher = new EventPublisher({ store, bus, checkpoints: new MemoryReadStore() });
  const received: ReceivedMessage[] = [];
  await bus.subscribe(topics.planningEvents, 'test-topic-reader', async (message) => {
    received.push(message);
  });
  await publisher.start();
  try {
    await eventually(() => expect(done(received)).toBe(true));
  } finally {
    await publisher.stop();
    await bus.close();
  }
  return received;
};

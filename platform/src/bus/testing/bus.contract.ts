import { randomUUID } from 'node:crypto';
import { eventually } from '../../testing/eventually';
import type { Bus, BusConsumer, BusMessage, MessageHandler, ReceivedMessage } from '../bus';

export interface BusFixture {
  readonly bus: Bus;
  /** A topic no other test uses (with several partitions where the adapter has partitions). */
  readonly newTopic: () => Promise<string>;
  readonly dispose: () => Promise<void>;
}

export interface BusContractOptions {
  /** How long to wait for deliveries (a Kafka consumer group takes seconds to form). */
  readonly timeoutMs?: number;
}

const message = (key: string, value: string, headers: Record<string, string> = {}): BusMessage => ({
  key,
  value,
  headers,
});

/** The values in the order first delivered: duplicates are allowed (at least once), gaps and reordering are not. */
const firstDeliveries = (received: readonly ReceivedMessage[]) => [...new Set(received.map((m) => m.value))];

const byKey = (messages: readonly { key: string; value: string }[]) => {
  const keys = new Map<string, string[]>();
  for (const m of messages) keys.set(m.key, [...(keys.get(m.key) ?? []), m.value]);
  return keys;
};

/** Records what a handler receives. */
const recorder = (onMessage?: (message: ReceivedMessage) => void | Promise<void>) => {
  const received: ReceivedMessage[] = [];
  const handler: MessageHandler = async (m) => {
    await onMessage?.(m);
    received.push(m);
  };
  return { received, handler, values: () => new Set(received.map((m) => m.value)) };
};

/**
 * The bus port's contract: every adapter runs it (STYLE 18). Topics and groups are unique per
 * test, so the suite also runs against a shared broker.
 */
export function busContract(
  name: string,
  setup: () => Promise<BusFixture>,
  { timeoutMs = 5000 }: BusContractOptions = {},
): void {
  describe(`${name} (bus contract)`, () => {
    let fixture: BusFixture;
    const consumers: BusConsumer[] = [];
    const group = () => `group-${randomUUID()}`;
    const subscribe = async (topic: string, groupId: string, handler: MessageHandler) => {
      const consumer = await fixture.bus.subscribe(topic, groupId, handler);
      consumers.push(consumer);
      return consumer;
    };
    const until = (assertion: () => void) => eventually(assertion, { timeoutMs, intervalMs: 20 });

    beforeAll(async () => {
      fixture = await setup();
    }, 120_000);

    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((consumer) => consumer.close()));
    }, 60_000);

    afterAll(async () => {
      await fixture?.dispose();
    }, 60_000);

    const test = (title: string, body: () => Promise<void>) => it(title, body, timeoutMs * 4 + 10_000);

    test('delivers the key, value and headers as published', async () => {
      const topic = await fixture.newTopic();
      const { received, handler } = recorder();
      await subscribe(topic, group(), handler);

      await fixture.bus.publish(topic, [
        message('application-7', '{"a":1}', { tenant: 'acme', eventId: 'e-1' }),
        message('application-8', 'plain text äöü', {}),
      ]);

      await until(() => expect(received).toHaveLength(2));
      expect(
        received.map(({ key, value, headers, topic: t }) => ({ key, value, headers, topic: t })),
      ).toEqual(
        expect.arrayContaining([
          { key: 'application-7', value: '{"a":1}', headers: { tenant: 'acme', eventId: 'e-1' }, topic },
          { key: 'application-8', value: 'plain text äöü', headers: {}, topic },
        ]),
      );
      for (const m of received) expect(m.offset).toMatch(/^\d+$/);
    });

    test('delivers the messages of one key in the order they were published', async () => {
      const topic = await fixture.newTopic();
      const published = Array.from({ length: 200 }, (_, i) => message(`key-${i % 7}`, `m${i}`));
      const { received, handler } = recorder();
      await subscribe(topic, group(), handler);

      for (let i = 0; i < published.length; i += 50)
        await fixture.bus.publish(topic, published.slice(i, i + 50));

      await until(() => expect(new Set(received.map((m) => m.value)).size).toBe(published.length));
      const messageOf = new Map(published.map((m) => [m.value, m]));
      expect(byKey(firstDeliveries(received).map((value) => messageOf.get(value)!))).toEqual(
        byKey(published),
      );
    });

    test('gives every consumer group every message, also those published before it subscribed', async () => {
      const topic = await fixture.newTopic();
      const before = Array.from({ length: 20 }, (_, i) => message(`k${i % 3}`, `before-${i}`));
      const after = Array.from({ length: 20 }, (_, i) => message(`k${i % 3}`, `after-${i}`));
      await fixture.bus.publish(topic, before);
      const [one, two] = [recorder(), recorder()];

      await subscribe(topic, group(), one.handler);
      await subscribe(topic, group(), two.handler);
      await fixture.bus.publish(topic, after);

      const all = [...before, ...after].map((m) => m.value).sort();
      await until(() => expect([...one.values()].sort()).toEqual(all));
      await until(() => expect([...two.values()].sort()).toEqual(all));
    });

    test('delivers every message at least once to a group of two consumers', async () => {
      const topic = await fixture.newTopic();
      const groupId = group();
      const [one, two] = [recorder(), recorder()];
      await subscribe(topic, groupId, one.handler);
      await subscribe(topic, groupId, two.handler);

      const published = Array.from({ length: 60 }, (_, i) => message(`key-${i}`, `m${i}`));
      await fixture.bus.publish(topic, published);

      await until(() =>
        expect(new Set([...one.values(), ...two.values()])).toEqual(new Set(published.map((m) => m.value))),
      );
    });

    test('delivers a message again when its handler fails before it is committed, ahead of later messages of its key', async () => {
      const topic = await fixture.newTopic();
      const published = Array.from({ length: 10 }, (_, i) => message('one-key', `m${i}`));
      let attempts = 0;
      const { received, handler } = recorder((m) => {
        if (m.value !== 'm3') return;
        attempts += 1;
        if (attempts === 1) throw new Error('the consumer crashed while handling m3');
      });
      await subscribe(topic, group(), handler);

      await fixture.bus.publish(topic, published);

      await until(() => expect(new Set(received.map((m) => m.value)).size).toBe(published.length));
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(firstDeliveries(received)).toEqual(published.map((m) => m.value));
    });

    test("lets the group's next consumer resume after the messages a closed consumer handled", async () => {
      const topic = await fixture.newTopic();
      const groupId = group();
      const first = recorder();
      const consumer = await subscribe(topic, groupId, first.handler);
      const early = Array.from({ length: 5 }, (_, i) => message('k', `early-${i}`));
      await fixture.bus.publish(topic, early);
      await until(() => expect(first.values().size).toBe(early.length));
      await consumer.close();

      const late = Array.from({ length: 5 }, (_, i) => message('k', `late-${i}`));
      await fixture.bus.publish(topic, late);
      const second = recorder();
      await subscribe(topic, groupId, second.handler);

      await until(() => expect([...second.values()].sort()).toEqual(late.map((m) => m.value).sort()));
      expect(first.received.map((m) => m.value)).toEqual(early.map((m) => m.value));
    });

    test('stops delivering to a consumer once it is closed', async () => {
      const topic = await fixture.newTopic();
      const groupId = group();
      const closed = recorder();
      const consumer = await subscribe(topic, groupId, closed.handler);
      await fixture.bus.publish(topic, [message('k', 'before-close')]);
      await until(() => expect(closed.values()).toEqual(new Set(['before-close'])));
      await consumer.close();

      await fixture.bus.publish(topic, [message('k', 'after-close')]);
      const successor = recorder();
      await subscribe(topic, groupId, successor.handler);

      await until(() => expect(successor.values().has('after-close')).toBe(true));
      expect(closed.values()).toEqual(new Set(['before-close']));
    });
  });
}

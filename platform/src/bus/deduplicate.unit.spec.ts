import type { ReceivedMessage } from './bus';
import { RecentEventIds, deduplicateByEventId } from './deduplicate';

let offset = 0;
const aMessage = (
  eventId: string | undefined,
  overrides: Partial<ReceivedMessage> = {},
): ReceivedMessage => ({
  topic: 't',
  partition: 0,
  offset: String((offset += 1)),
  key: 'k',
  value: `{"id":"${eventId}"}`,
  headers: eventId === undefined ? {} : { eventId },
  ...overrides,
});

describe('deduplicateByEventId', () => {
  it('handles each event id once, however often it is delivered', async () => {
    const handled: string[] = [];
    const duplicates: string[] = [];
    const handler = deduplicateByEventId(async (m) => void handled.push(m.offset), {
      onDuplicate: (_m, id) => duplicates.push(id),
    });

    for (const id of ['a', 'b', 'a', 'c', 'b', 'a']) await handler(aMessage(id));

    expect(handled).toHaveLength(3);
    expect(duplicates).toEqual(['a', 'b', 'a']);
  });

  it('handles a message again after its handler failed, so a redelivery is not lost', async () => {
    let calls = 0;
    const handler = deduplicateByEventId(async () => {
      calls += 1;
      if (calls === 1) throw new Error('failed');
    });

    await expect(handler(aMessage('a'))).rejects.toThrow('failed');
    await handler(aMessage('a'));
    await handler(aMessage('a'));

    expect(calls).toBe(2);
  });

  it('always handles messages without an event id', async () => {
    let calls = 0;
    const handler = deduplicateByEventId(async () => void (calls += 1));

    await handler(aMessage(undefined));
    await handler(aMessage(undefined));

    expect(calls).toBe(2);
  });

  it('takes the id from where it is told to, and from an asynchronous store', async () => {
    const stored = new Set<string>();
    const handled: string[] = [];
    const handler = deduplicateByEventId(async (m) => void handled.push(m.value), {
      eventIdOf: (m) => (JSON.parse(m.value) as { id: string }).id,
      handled: { has: async (id) => stored.has(id), add: async (id) => void stored.add(id) },
    });

    await handler(aMessage('x', { headers: {} }));
    await handler(aMessage('x', { headers: {} }));

    expect(handled).toEqual(['{"id":"x"}']);
    expect([...stored]).toEqual(['x']);
  });
});

describe('RecentEventIds', () => {
  it('forgets the least recently seen id beyond its capacity', () => {
    const ids = new RecentEventIds(3);
    ids.add('a');
    ids.add('b');
    ids.add('c');
    expect(ids.has('a')).toBe(true); // a is now the most recent

    ids.add('d');

    expect(ids.size).toBe(3);
    expect(ids.has('b')).toBe(false);
    expect(['a', 'c', 'd'].map((id) => ids.has(id))).toEqual([true, true, true]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new RecentEventIds(0)).toThrow(/positive/);
  });
});

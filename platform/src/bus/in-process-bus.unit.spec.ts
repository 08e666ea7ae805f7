import { randomUUID } from 'node:crypto';
import { eventually } from '../testing/eventually';
import { InProcessBus } from './in-process-bus';
import { busContract } from './testing/bus.contract';

busContract('InProcessBus', async () => {
  const bus = new InProcessBus({ redeliveryDelayMs: 5, onHandlerError: () => undefined });
  return { bus, newTopic: async () => `topic-${randomUUID()}`, dispose: () => bus.close() };
});

describe('InProcessBus', () => {
  it('starts a new group at the end of the topic when asked to', async () => {
    const bus = new InProcessBus();
    await bus.publish('t', [{ key: 'k', value: 'old', headers: {} }]);
    const received: string[] = [];
    await bus.subscribe('t', 'g', async (m) => void received.push(m.value), { fromBeginning: false });

    await bus.publish('t', [{ key: 'k', value: 'new', headers: {} }]);

    await eventually(() => expect(received).toEqual(['new']));
    await bus.close();
  });

  it('refuses to publish once closed', async () => {
    const bus = new InProcessBus();
    await bus.close();

    await expect(bus.publish('t', [{ key: 'k', value: 'v', headers: {} }])).rejects.toThrow(/closed/);
  });
});

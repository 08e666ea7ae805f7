import { setImmediate as nextTurn } from 'node:timers/promises';
import { PositionGate } from './position-gate';

describe('a position gate', () => {
  it('answers a wait of 0 ms at once: reached or not, without waiting for a timer', async () => {
    const gate = new PositionGate();
    gate.advance(5);
    const answers: boolean[] = [];
    void gate.waitFor(5, 0).then((reached) => answers.push(reached));
    void gate.waitFor(6, 0).then((reached) => answers.push(reached));
    // microtasks only: a timer's turn of the event loop has not come yet
    await Promise.resolve();
    expect(answers).toEqual([true, false]);
  });

  it('resolves a waiter when the position is passed, and false once its time is up', async () => {
    const gate = new PositionGate();
    const passed = gate.waitFor(3, 1000);
    const late = gate.waitFor(9, 10);
    gate.advance(4);
    expect(await passed).toBe(true);
    expect(await late).toBe(false);
    await nextTurn();
  });
});

import { PositionFacts } from './position-facts';

describe('PositionFacts', () => {
  const counting = () => {
    const made: string[] = [];
    return { made, make: (value: string) => () => (made.push(value), Promise.resolve(value)) };
  };

  it('reads a value once per position and name', async () => {
    const facts = new PositionFacts(10);
    const { made, make } = counting();
    expect(await facts.get(7, 'a', make('a@7'))).toBe('a@7');
    expect(await facts.get(7, 'a', make('again'))).toBe('a@7');
    expect(await facts.get(7, 'b', make('b@7'))).toBe('b@7');
    // the read models moved on: every value is read again
    expect(await facts.get(8, 'a', make('a@8'))).toBe('a@8');
    expect(made).toEqual(['a@7', 'b@7', 'a@8']);
  });

  it('shares a read still under way, and forgets one that failed', async () => {
    const facts = new PositionFacts(10);
    let calls = 0;
    const failing = () => (calls++, Promise.reject(new Error('disk')));
    const first = facts.get(1, 'x', failing);
    const second = facts.get(1, 'x', failing);
    await expect(first).rejects.toThrow('disk');
    await expect(second).rejects.toThrow('disk');
    expect(calls).toBe(1);
    expect(await facts.get(1, 'x', () => Promise.resolve('read'))).toBe('read');
  });

  it('keeps at most its size, then starts again', async () => {
    const facts = new PositionFacts(2);
    const { made, make } = counting();
    await facts.get(1, 'a', make('a'));
    await facts.get(1, 'b', make('b'));
    await facts.get(1, 'c', make('c'));
    await facts.get(1, 'c', make('c again'));
    await facts.get(1, 'a', make('a again'));
    expect(made).toEqual(['a', 'b', 'c', 'a again']);
  });
});

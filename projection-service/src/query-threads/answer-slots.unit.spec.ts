import { AnswerSlots, writeToSlot } from './answer-slots';

const text = (slots: AnswerSlots, slot: number, length: number) =>
  Buffer.from(slots.memory, slot * slots.slotBytes, length).toString('utf8');

describe('writeToSlot', () => {
  const slots = new AnswerSlots(2, 16, 1);

  it('writes the UTF-8 of ASCII, Latin-1 and two-byte text, and says how many bytes it took', () => {
    for (const json of ['"plan"', '"Zürich"', '"A – B ✓"']) {
      const length = writeToSlot(slots, 1, [json]);
      expect(length).toBe(Buffer.byteLength(json));
      expect(text(slots, 1, length!)).toBe(json);
    }
  });

  it('writes nothing it cannot write whole: longer than a slot, or a character across its end', () => {
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(14) + '"'])).toBe(16);
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(15) + '"'])).toBeUndefined();
    // 14 bytes, then a character of 3 that would end 1 byte past the slot
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(13) + '✓'])).toBeUndefined();
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(12) + '✓'])).toBe(16);
  });

  it('writes the pieces of a text one after the other, and nothing when a later one does not fit whole', () => {
    const pieces = ['{"a":', '"Zü', '', 'rich"', '}'];
    const length = writeToSlot(slots, 1, pieces);
    expect(length).toBe(Buffer.byteLength(pieces.join('')));
    expect(text(slots, 1, length!)).toBe('{"a":"Zürich"}');
    // 15 bytes fit, then a piece of a character of 3
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(12), '"', '✓'])).toBeUndefined();
    // exactly full, then an empty piece and a piece with nowhere to go
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(14) + '"', ''])).toBe(16);
    expect(writeToSlot(slots, 0, ['"' + 'x'.repeat(14) + '"', ','])).toBeUndefined();
  });
});

describe('AnswerSlots', () => {
  it('lends a slot until it is neither kept nor sent, and gives out none while all are taken', () => {
    const slots = new AnswerSlots(3, 64, 1);
    const [a, b, c] = [slots.take(), slots.take(), slots.take()];
    expect([a, b, c].sort()).toEqual([0, 1, 2]);
    expect(slots.take()).toBeUndefined();
    slots.giveBack(c!);
    expect(slots.available).toBe(1);

    const length = writeToSlot(slots, a!, ['{"month":"März"}'])!;
    slots.lend(a!, length, 'live@7 timeline', 2);
    const [first, second] = [
      slots.lent(a!, length, 'live@7 timeline'),
      slots.lent(a!, length, 'live@7 timeline'),
    ];
    expect(first.bytes.toString()).toBe('{"month":"März"}');
    expect(first.keptAs).toBe('live@7 timeline');
    first.release();
    first.release();
    second.release();
    // both sent, and still kept: the same answer asked again is these bytes
    expect(slots.available).toBe(1);
    const again = slots.kept('live@7 timeline');
    expect(again?.bytes.toString()).toBe('{"month":"März"}');
    expect(slots.kept('live@8 timeline')).toBeUndefined();

    // kept beyond the bound (1): the older answer goes, its slot once its last request ended
    slots.lend(b!, writeToSlot(slots, b!, ['{"year":2027}'])!, 'live@8 timeline', 0);
    expect(slots.kept('live@7 timeline')).toBeUndefined();
    expect(slots.available).toBe(1);
    again!.release();
    expect(slots.available).toBe(2);
    expect(slots.kept('live@8 timeline')?.bytes.toString()).toBe('{"year":2027}');
  });

  it('lets go of the slot an answer was kept in when the same name is kept anew', () => {
    const slots = new AnswerSlots(3, 64, 2);
    const [first, second] = [slots.take()!, slots.take()!];
    slots.lend(first, writeToSlot(slots, first, ['"before"'])!, 'live@9 portfolio', 0);
    slots.lend(second, writeToSlot(slots, second, ['"after"'])!, 'live@9 portfolio', 0);
    expect(slots.use()).toEqual({ taken: 1, kept: 1, views: 0 });
    expect(slots.kept('live@9 portfolio')?.bytes.toString()).toBe('"after"');
  });

  it('keeps fewer answers than it has slots, so that some are left to answer in', () => {
    expect(() => new AnswerSlots(4, 64, 4)).toThrow('none of 4');
  });
});

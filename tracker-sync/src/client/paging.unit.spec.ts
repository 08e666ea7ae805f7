import { offsetPaged, startLimitPaged, tokenPaged } from './paging';

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

const numbers = Array.from({ length: 7 }, (_, i) => i + 1);

describe('offsetPaged (startAt/maxResults)', () => {
  it('follows isLast, advancing by what arrived', async () => {
    const asked: number[] = [];
    const items = await collect(
      offsetPaged(async (startAt) => {
        asked.push(startAt);
        const values = numbers.slice(startAt, startAt + 3);
        return { values, startAt, isLast: startAt + 3 >= numbers.length };
      }),
    );
    expect(items).toEqual(numbers);
    expect(asked).toEqual([0, 3, 6]);
  });

  it('stops on total when there is no isLast', async () => {
    const asked: number[] = [];
    const items = await collect(
      offsetPaged(async (startAt) => {
        asked.push(startAt);
        return { values: numbers.slice(startAt, startAt + 2), startAt, total: numbers.length };
      }),
    );
    expect(items).toEqual(numbers);
    expect(asked).toEqual([0, 2, 4, 6]);
  });

  it('stops on an empty page when neither isLast nor total is given', async () => {
    const asked: number[] = [];
    const items = await collect(
      offsetPaged(async (startAt) => {
        asked.push(startAt);
        return { values: numbers.slice(startAt, startAt + 4) };
      }),
    );
    expect(items).toEqual(numbers);
    expect(asked).toEqual([0, 4, 7]);
  });

  it('fetches lazily: breaking off after the first item asks for one page', async () => {
    let pages = 0;
    for await (const item of offsetPaged(async (startAt) => {
      pages += 1;
      return { values: numbers.slice(startAt, startAt + 2), isLast: false };
    })) {
      expect(item).toBe(1);
      break;
    }
    expect(pages).toBe(1);
  });
});

describe('startLimitPaged (service desk)', () => {
  it('follows isLastPage', async () => {
    const asked: number[] = [];
    const items = await collect(
      startLimitPaged(async (start) => {
        asked.push(start);
        const values = numbers.slice(start, start + 3);
        return { values, start, isLastPage: start + 3 >= numbers.length };
      }),
    );
    expect(items).toEqual(numbers);
    expect(asked).toEqual([0, 3, 6]);
  });
});

describe('tokenPaged (nextPageToken)', () => {
  it('follows tokens until the last page', async () => {
    const asked: (string | undefined)[] = [];
    const items = await collect(
      tokenPaged(async (token) => {
        asked.push(token);
        const start = token === undefined ? 0 : Number(token);
        const next = start + 3;
        return next >= numbers.length
          ? { values: numbers.slice(start), isLast: true }
          : { values: numbers.slice(start, next), nextPageToken: String(next), isLast: false };
      }),
    );
    expect(items).toEqual(numbers);
    expect(asked).toEqual([undefined, '3', '6']);
  });

  it('stops instead of looping when a token repeats', async () => {
    let pages = 0;
    const items = await collect(
      tokenPaged(async () => {
        pages += 1;
        return { values: [pages], nextPageToken: 'same', isLast: false };
      }),
    );
    expect(items).toEqual([1, 2]);
  });
});

import type { RankSystem } from './rank';
import { RankError, base10, base36, base64, createRankSystem, itemRanks, rankForNewItem } from './rank';

// Oracles independent of the code under test: exact rationals from a rank's digits.
interface Rational {
  num: bigint;
  den: bigint;
}

const valueOf = (rank: string, alphabet: string): Rational => {
  const decimal = rank.slice(rank.indexOf('|') + 1);
  const [integer = '', fraction = ''] = decimal.split(':');
  const base = BigInt(alphabet.length);
  const digits = (text: string) => [...text].reduce((sum, c) => sum * base + BigInt(alphabet.indexOf(c)), 0n);
  const den = base ** BigInt(fraction.length);
  return { num: digits(integer) * den + digits(fraction), den };
};
const compareValues = (a: Rational, b: Rational) => {
  const [x, y] = [a.num * b.den, b.num * a.den];
  return x < y ? -1 : x > y ? 1 : 0;
};
const integerRank = (n: bigint, alphabet: string, bucket = '0') => {
  const base = BigInt(alphabet.length);
  let text = '';
  for (let rest = n; rest > 0n; rest /= base) text = alphabet[Number(rest % base)] + text;
  return `${bucket}|${text.padStart(6, '0')}`;
};
const topValue = (alphabet: string) => valueOf('0|999999', alphabet).num;

const seededRandom = (seed: number) => () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

// A random valid rank: an integer 0..999999 (in the system's digits), half of them with a fraction.
const randomRank = (random: () => number, alphabet: string): string => {
  const integer = integerRank(BigInt(Math.floor(random() * Number(topValue(alphabet) + 1n))), alphabet);
  if (random() < 0.5) return integer;
  const length = 1 + Math.floor(random() * 4);
  let fraction = '';
  for (let i = 0; i < length; i++) fraction += alphabet[Math.floor(random() * alphabet.length)];
  fraction = fraction.slice(0, -1) + alphabet[1 + Math.floor(random() * (alphabet.length - 1))];
  return `${integer}:${fraction}`;
};

const rankError = (action: () => unknown): RankError => {
  try {
    action();
  } catch (error) {
    if (error instanceof RankError) return error;
    throw error;
  }
  throw new Error('expected a RankError');
};

const lowercase = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i)).join('');
const uppercase = lowercase.toUpperCase();
const systems: [string, RankSystem, string][] = [
  ['base 10', base10, '0123456789'],
  ['base 36', base36, `0123456789${lowercase}`],
  ['base 64', base64, `0123456789${uppercase}_${lowercase}~`],
];

describe.each(systems)('the %s rank system', (_, system, alphabet) => {
  it('uses its alphabet in ascending character order', () => {
    expect(system.alphabet).toBe(alphabet);
    expect(system.base).toBe(alphabet.length);
    expect([...alphabet].sort().join('')).toBe(alphabet);
    expect(new Set(alphabet).size).toBe(alphabet.length);
  });

  it('has the §9 bounds 000000 and 999999 and the initial minimum 100000', () => {
    expect(system.min()).toBe('0|000000');
    expect(system.max()).toBe('0|999999');
    expect(system.initial()).toBe('0|100000');
    expect(system.min('2')).toBe('2|000000');
  });

  it('puts the middle halfway between the bounds, rounded down', () => {
    expect(system.middle()).toBe(integerRank(topValue(alphabet) / 2n, alphabet));
    expect(system.middle('1')).toBe(integerRank(topValue(alphabet) / 2n, alphabet, '1'));
  });

  it('keeps the bounds, the initial minimum and the middle in lexicographic order', () => {
    const ordered = [system.min(), system.initial(), system.middle(), system.max()];
    expect([...ordered].sort()).toEqual(ordered);
  });

  describe('between', () => {
    it('is strictly between two seeded random ranks, in string and in numeric order, whatever the argument order', () => {
      const random = seededRandom(alphabet.length);
      for (let i = 0; i < 500; i++) {
        const [a, b] = [randomRank(random, alphabet), randomRank(random, alphabet)];
        if (a === b) continue;
        const [lo, hi] = a < b ? [a, b] : [b, a];
        expect(compareValues(valueOf(lo, alphabet), valueOf(hi, alphabet))).toBe(-1);
        const mid = system.between(a, b);
        expect(lo < mid && mid < hi).toBe(true);
        expect(compareValues(valueOf(lo, alphabet), valueOf(mid, alphabet))).toBe(-1);
        expect(compareValues(valueOf(mid, alphabet), valueOf(hi, alphabet))).toBe(-1);
        expect(system.between(b, a)).toBe(mid);
        expect(system.isValid(mid)).toBe(true);
      }
    });

    it('stays ordered over 200 repeated bisections towards one end', () => {
      const lo = system.initial();
      let hi = system.max();
      for (let i = 0; i < 200; i++) {
        const mid = system.between(lo, hi);
        expect(lo < mid && mid < hi).toBe(true);
        expect(compareValues(valueOf(lo, alphabet), valueOf(mid, alphabet))).toBe(-1);
        expect(compareValues(valueOf(mid, alphabet), valueOf(hi, alphabet))).toBe(-1);
        hi = mid;
      }
    });

    it('stays ordered over 200 seeded bisections in random directions', () => {
      const random = seededRandom(200 + alphabet.length);
      let [lo, hi] = [system.min(), system.max()];
      for (let i = 0; i < 200; i++) {
        const mid = system.between(lo, hi);
        expect(lo < mid && mid < hi).toBe(true);
        expect(compareValues(valueOf(lo, alphabet), valueOf(mid, alphabet))).toBe(-1);
        expect(compareValues(valueOf(mid, alphabet), valueOf(hi, alphabet))).toBe(-1);
        if (random() < 0.5) lo = mid;
        else hi = mid;
      }
    });

    it('prefers an integer when one fits', () => {
      expect(system.between('0|100000', '0|100002')).toBe('0|100001');
      expect(system.between('0|100000:1', '0|100004')).toBe('0|100002');
    });

    it('appends a fraction when no integer fits', () => {
      const half = alphabet[alphabet.length / 2];
      expect(system.between('0|100000', '0|100001')).toBe(`0|100000:${half}`);
    });

    it('keeps the bucket', () => expect(system.between('1|100000', '1|100002')).toBe('1|100001'));

    it('rejects ranks in different buckets', () =>
      expect(rankError(() => system.between('0|100000', '1|100002')).code).toBe('different-buckets'));

    it('rejects identical ranks', () =>
      expect(rankError(() => system.between('0|100000', '0|100000')).code).toBe('identical-ranks'));

    it('rejects a rank with a character outside every numeral system as an invalid digit', () => {
      expect(rankError(() => system.between('0|100000', '0|1000#0')).code).toBe('invalid-digit');
      expect(rankError(() => system.between('0|1000 0', '0|100000')).code).toBe('invalid-digit');
    });

    it('rejects malformed ranks', () =>
      expect(rankError(() => system.between('0|100000', '0|10000')).code).toBe('malformed'));
  });

  describe('next and prev', () => {
    it('step by 8', () => {
      expect(system.next('0|100000')).toBe(`0|10000${alphabet[8]}`);
      expect(system.prev(`0|10000${alphabet[8]}`)).toBe('0|100000');
      expect(system.next('0|100008')).toBe(integerRank(valueOf('0|100008', alphabet).num + 8n, alphabet));
      expect(system.prev('0|100000')).toBe(integerRank(valueOf('0|100000', alphabet).num - 8n, alphabet));
    });

    it('carry into the next digit', () => {
      const last = alphabet[alphabet.length - 1];
      expect(system.next(`0|10000${last}`)).toBe(`0|10001${alphabet[7]}`);
      expect(system.prev('0|100010')).toBe(`0|10000${alphabet[alphabet.length - 8]}`);
    });

    it('drop the fraction before stepping', () => {
      expect(system.next('0|100000:1')).toBe(`0|10000${alphabet[9]}`);
      expect(system.prev(`0|10000${alphabet[9]}:1`)).toBe('0|100001');
    });

    it('fall back to halfway towards the bound near max and min', () => {
      expect(system.next('0|999998')).toBe(`0|999998:${alphabet[alphabet.length / 2]}`);
      expect(system.prev('0|000001')).toBe(`0|000000:${alphabet[alphabet.length / 2]}`);
      expect(system.prev('0|000008')).toBe('0|000004');
    });

    it('have no rank after the maximum or before the minimum', () => {
      expect(rankError(() => system.next(system.max())).code).toBe('out-of-range');
      expect(rankError(() => system.prev(system.min())).code).toBe('out-of-range');
    });

    it('move strictly up and down within the bounds for seeded random ranks', () => {
      const random = seededRandom(3 * alphabet.length);
      for (let i = 0; i < 500; i++) {
        const rank = randomRank(random, alphabet);
        if (rank !== system.max()) {
          const next = system.next(rank);
          expect(rank < next && next < system.max()).toBe(true);
          expect(compareValues(valueOf(rank, alphabet), valueOf(next, alphabet))).toBe(-1);
        }
        if (rank !== system.min()) {
          const prev = system.prev(rank);
          expect(system.min() < prev && prev < rank).toBe(true);
          expect(compareValues(valueOf(prev, alphabet), valueOf(rank, alphabet))).toBe(-1);
        }
      }
    });

    it('keep a bucket', () => expect(system.next('2|100000')).toBe(`2|10000${alphabet[8]}`));
  });

  describe('parse and format', () => {
    it('split and join a rank', () => {
      expect(system.parse('1|123456:78')).toEqual({ bucket: '1', decimal: '123456:78' });
      expect(system.format('1', '123456:78')).toBe('1|123456:78');
    });

    it('format pads the integer part to 6 digits and drops redundant zeros', () => {
      expect(system.format('0', '5')).toBe('0|000005');
      expect(system.format('0', '0000005:50')).toBe('0|000005:5');
      expect(system.format('0', '5:0')).toBe('0|000005');
    });

    it('round-trip seeded random ranks', () => {
      const random = seededRandom(11);
      for (let i = 0; i < 200; i++) {
        const rank = randomRank(random, alphabet);
        const { bucket, decimal } = system.parse(rank);
        expect(system.format(bucket, decimal)).toBe(rank);
      }
    });

    it.each([
      ['no bucket separator', '100000'],
      ['an empty bucket', '|100000'],
      ['five integer digits', '0|10000'],
      ['seven integer digits', '0|0100000'],
      ['an empty fraction', '0|100000:'],
      ['a fraction ending in zero', '0|100000:50'],
      ['two bucket separators', '0|100000|1'],
      ['two decimal points', '0|100000:1:2'],
      ['an empty string', ''],
    ])('parse rejects %s as malformed', (__, rank) => {
      expect(rankError(() => system.parse(rank)).code).toBe('malformed');
      expect(system.isValid(rank)).toBe(false);
    });

    it('format rejects an empty bucket or decimal as malformed', () => {
      expect(rankError(() => system.format('', '5')).code).toBe('malformed');
      expect(rankError(() => system.format('0', '')).code).toBe('malformed');
      expect(rankError(() => system.format('0', '5:')).code).toBe('malformed');
    });

    it('rejects a value above the maximum', () => {
      expect(rankError(() => system.parse('0|999999:1')).code).toBe('out-of-range');
      expect(rankError(() => system.format('0', '1000000')).code).toBe('out-of-range');
    });

    it('rejects characters outside the alphabet as invalid digits', () => {
      expect(rankError(() => system.parse('0|10000#')).code).toBe('invalid-digit');
      expect(rankError(() => system.parse('#|100000')).code).toBe('invalid-digit');
      expect(rankError(() => system.format('0', '10-0')).code).toBe('invalid-digit');
    });
  });
});

describe('numeral systems side by side', () => {
  it('base 36 has the digits 0-9a-z and base 64 the base64url characters with ~ for -', () => {
    expect(base36.alphabet).toBe('0123456789abcdefghijklmnopqrstuvwxyz');
    expect(base64.alphabet).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~');
  });

  it('reads 999999 in each system’s own digits, so the base-36 maximum is below i00000', () => {
    expect(base36.isValid('0|999999')).toBe(true);
    expect(rankError(() => base36.parse('0|i00000')).code).toBe('out-of-range');
    expect(base36.between('0|999998', '0|999999')).toBe('0|999998:i');
  });

  it('rejects a rank of another system next to one of its own as mixed numeral systems', () => {
    expect(rankError(() => base10.between('0|100000', '0|a00000')).code).toBe('mixed-numeral-systems');
    expect(rankError(() => base10.between('0|100000:f', '0|200000')).code).toBe('mixed-numeral-systems');
    expect(rankError(() => base36.between('0|10000A', '0|100000')).code).toBe('mixed-numeral-systems');
    expect(rankError(() => base36.between('0|100000', '0|1000_0')).code).toBe('mixed-numeral-systems');
  });

  it('calls two ranks that are both foreign to the system invalid digits, not mixed', () =>
    expect(rankError(() => base10.between('0|a00000', '0|b00000')).code).toBe('invalid-digit'));

  it('reports a foreign digit in a single rank as an invalid digit (§8 "Invalid base-36 digit")', () => {
    expect(rankError(() => base36.parse('0|10000A')).code).toBe('invalid-digit');
    expect(rankError(() => base10.next('0|10000a')).code).toBe('invalid-digit');
  });

  it('cannot tell base-36 ranks apart in base 64, whose digits include them', () =>
    expect(base64.between('0|100000', '0|100002')).toBe('0|100001'));

  it('RankError carries its code and name', () => {
    const error = rankError(() => base10.between('0|1', '0|2'));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RankError');
    expect(error.code).toBe('malformed');
  });
});

describe('createRankSystem', () => {
  it.each([
    ['an alphabet not starting with 0-9', 'abcdefghijkl'],
    ['an alphabet out of order', '0123456789ba'],
    ['an alphabet with a repeated digit', '01234567899'],
    ['an alphabet containing the decimal point', '0123456789:'],
    ['an alphabet containing the bucket separator', '0123456789|'],
  ])('rejects %s', (_, alphabet) => expect(() => createRankSystem(alphabet)).toThrow(RangeError));

  it('builds a working system from another alphabet', () => {
    const hex = createRankSystem('0123456789abcdef');
    expect(hex.base).toBe(16);
    expect(hex.next('0|10000f')).toBe('0|100017');
  });
});

describe('item ranks', () => {
  it('use the base-10 system', () => expect(itemRanks).toBe(base10));

  describe('rankForNewItem', () => {
    it('gives the middle rank when there are no ranks', () => {
      expect(rankForNewItem([])).toBe('0|499999');
      expect(rankForNewItem([null, null])).toBe('0|499999');
    });

    it('goes after the highest existing rank', () => {
      expect(rankForNewItem(['0|100000', null, '0|300000', '0|200000'])).toBe('0|300008');
      expect(rankForNewItem(['0|300000:5', '0|300000'])).toBe('0|300009');
    });

    it('stays below the maximum', () => expect(rankForNewItem(['0|999998'])).toBe('0|999998:5'));

    it('rejects an invalid existing rank', () => expect(() => rankForNewItem(['0|abc'])).toThrow(RankError));
  });
});

/**
 * Why a rank operation failed. 'mixed-numeral-systems': `between` got one rank written in the system
 * and one whose digits belong only to another known system; 'invalid-digit': any other character that
 * is not a digit of the system (§8 "Invalid base-36 digit"); 'out-of-range': a value above the maximum,
 * or no rank left after the maximum or before the minimum.
 */
export type RankErrorCode =
  | 'different-buckets'
  | 'identical-ranks'
  | 'mixed-numeral-systems'
  | 'invalid-digit'
  | 'malformed'
  | 'out-of-range';

/** A failed rank operation; a programming or data error, not a user mistake. */
export class RankError extends Error {
  constructor(
    readonly code: RankErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RankError';
  }
}

/** A rank split at '|': the bucket and the decimal (six integer digits, optionally ':' and fraction digits). */
export interface ParsedRank {
  readonly bucket: string;
  readonly decimal: string;
}

/**
 * Lexicographic ranks `bucket|decimal` in one numeral system. The decimal has exactly six integer
 * digits (the §3 "at least 6" padding; the maximum needs no more) and, when bisection needs it, a
 * fraction after ':' without trailing zero digits. Within a bucket, string order is numeric order.
 */
export interface RankSystem {
  /** The digits in ascending order; their count is the base. */
  readonly alphabet: string;
  readonly base: number;
  /** The lowest decimal, 000000, in `bucket` (default '0'); a bound, never returned by `between`/`prev`. */
  min(bucket?: string): string;
  /** The highest decimal, 999999 in this system's digits; a bound, never returned by `between`/`next`. */
  max(bucket?: string): string;
  /** The initial minimum, 100000 in this system's digits. */
  initial(bucket?: string): string;
  /** The integer rank halfway between min and max (rounded down). */
  middle(bucket?: string): string;
  /** A rank strictly between `a` and `b` (either order, same bucket), with as few fraction digits as possible. */
  between(a: string, b: string): string;
  /** The rank after `a`: its integer part plus 8 when that stays below max, else halfway between `a` and max. */
  next(a: string): string;
  /** The rank before `a`: its integer part minus 8 when that stays above min, else halfway between min and `a`. */
  prev(a: string): string;
  /** Splits a valid rank; throws RankError otherwise. */
  parse(rank: string): ParsedRank;
  /** Builds a canonical rank from a bucket and a decimal written with or without padding, e.g. ('0', '5') → '0|000005'. */
  format(bucket: string, decimal: string): string;
  /** Whether `rank` is a valid rank of this system. */
  isValid(rank: string): boolean;
}

const integerDigits = 6;
const step = 8n;
const decimalPoint = ':';
const bucketSeparator = '|';
const leadingDecimalDigits = '0123456789';

/** The 10 decimal digits: item ranks (§9). */
export const base10Alphabet = leadingDecimalDigits;
/** 0-9a-z: the base-36 system of §3 and §9. */
export const base36Alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
/**
 * 0-9A-Z_a-z~: the base64url characters with '~' (an unreserved URL character above 'z') in place of
 * '-', because '-' sorts below '0' and the digits 0-9 must keep their values 0-9.
 */
export const base64Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~';

const knownDigits = new Set(base10Alphabet + base36Alphabet + base64Alphabet);

// A value is units / base^scale; canonical values have no trailing zero fraction digit.
interface Value {
  readonly units: bigint;
  readonly scale: number;
}

interface Rank {
  readonly bucket: string;
  readonly value: Value;
}

/**
 * A rank system over `alphabet`: its digits in strictly ascending character order, starting with
 * 0-9 so that the §9 constants 0, 100000 and 999999 read the same in every system, and without '|' or ':'.
 */
export function createRankSystem(alphabet: string): RankSystem {
  const digits = [...alphabet];
  const isAscending = digits.every((digit, i) => i === 0 || digits[i - 1]! < digit);
  if (!alphabet.startsWith(leadingDecimalDigits) || !isAscending || /[|:]/.test(alphabet)) {
    throw new RangeError(
      `a rank alphabet must start with 0-9, ascend strictly and exclude '|' and ':': ${alphabet}`,
    );
  }
  const base = digits.length;
  const bigBase = BigInt(base);
  const digitValues = new Map(digits.map((digit, i) => [digit, BigInt(i)]));
  const zero = digits[0]!;

  const power = (exponent: number) => bigBase ** BigInt(exponent);
  const readDigits = (text: string) =>
    [...text].reduce((sum, digit) => sum * bigBase + digitValues.get(digit)!, 0n);
  const writeDigits = (units: bigint, width: number) => {
    let text = '';
    for (let rest = units; rest > 0n; rest /= bigBase) text = digits[Number(rest % bigBase)]! + text;
    return text.padStart(width, zero);
  };

  const minValue: Value = { units: 0n, scale: 0 };
  const maxValue: Value = { units: readDigits('999999'), scale: 0 };
  const initialValue: Value = { units: readDigits('100000'), scale: 0 };

  const canonical = (units: bigint, scale: number): Value => {
    while (scale > 0 && units % bigBase === 0n) {
      units /= bigBase;
      scale--;
    }
    return { units, scale };
  };
  const unitsAt = (value: Value, scale: number) => value.units * power(scale - value.scale);
  const compare = (a: Value, b: Value) => {
    const scale = Math.max(a.scale, b.scale);
    const [x, y] = [unitsAt(a, scale), unitsAt(b, scale)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const integerPart = (value: Value) => value.units / power(value.scale);

  const writeDecimal = ({ units, scale }: Value) => {
    const unit = power(scale);
    const integer = writeDigits(units / unit, integerDigits);
    return scale === 0 ? integer : `${integer}${decimalPoint}${writeDigits(units % unit, scale)}`;
  };
  const write = (bucket: string, value: Value) => `${bucket}${bucketSeparator}${writeDecimal(value)}`;

  const foreignCharacter = (text: string) => [...text].find((c) => !digitValues.has(c));
  const checkDigits = (rank: string, ...parts: string[]) => {
    const foreign = parts.map(foreignCharacter).find((c) => c !== undefined);
    if (foreign !== undefined) {
      throw new RankError('invalid-digit', `'${foreign}' is not a base-${base} digit in rank '${rank}'`);
    }
  };
  const checkRange = (rank: string, value: Value) => {
    if (compare(value, maxValue) > 0)
      throw new RankError('out-of-range', `rank '${rank}' is above the maximum`);
  };
  const checkBucket = (bucket: string) => {
    if (bucket === '') throw new RankError('malformed', 'a rank bucket must not be empty');
    checkDigits(bucket, bucket);
  };

  const read = (rank: string): Rank => {
    const match = typeof rank === 'string' ? /^([^|:]*)\|([^|:]*)(?::([^|:]*))?$/.exec(rank) : null;
    if (!match) throw new RankError('malformed', `not a rank 'bucket|decimal': '${String(rank)}'`);
    const [, bucket = '', integer = '', fraction] = match;
    checkDigits(rank, bucket, integer, fraction ?? '');
    if (bucket === '' || integer.length !== integerDigits || fraction === '' || fraction?.endsWith(zero)) {
      throw new RankError(
        'malformed',
        `rank '${rank}' needs a bucket, ${integerDigits} integer digits and no empty or zero-ended fraction`,
      );
    }
    const scale = fraction?.length ?? 0;
    const value = { units: readDigits(integer + (fraction ?? '')), scale };
    checkRange(rank, value);
    return { bucket, value };
  };

  // Two ranks for `between`: a rank of this system next to one of another known system is "mixed".
  const readPair = (a: string, b: string): [Rank, Rank] => {
    const attempt = (rank: string) => {
      try {
        return read(rank);
      } catch (error) {
        return error as RankError;
      }
    };
    const [first, second] = [attempt(a), attempt(b)];
    const isForeign = (result: Rank | RankError, rank: string) =>
      result instanceof RankError &&
      result.code === 'invalid-digit' &&
      [...rank].every((c) => c === bucketSeparator || c === decimalPoint || knownDigits.has(c));
    if (
      (isForeign(first, a) && !(second instanceof RankError)) ||
      (isForeign(second, b) && !(first instanceof RankError))
    ) {
      throw new RankError('mixed-numeral-systems', `ranks '${a}' and '${b}' use different numeral systems`);
    }
    if (first instanceof RankError) throw first;
    if (second instanceof RankError) throw second;
    return [first, second];
  };

  // The value strictly between lo < hi with the fewest fraction digits, centred among the candidates.
  const midpoint = (lo: Value, hi: Value): Value => {
    const scale = Math.max(lo.scale, hi.scale);
    for (let precision = 0; ; precision++) {
      const working = Math.max(scale, precision);
      const [low, high] = [unitsAt(lo, working), unitsAt(hi, working)];
      const grain = power(working - precision);
      const first = (low / grain + 1n) * grain;
      const last = ((high - 1n) / grain) * grain;
      if (first <= last) return canonical(first + ((last - first) / grain / 2n) * grain, working);
    }
  };

  const between = (a: string, b: string): string => {
    const [x, y] = readPair(a, b);
    if (x.bucket !== y.bucket)
      throw new RankError('different-buckets', `ranks '${a}' and '${b}' are in different buckets`);
    const order = compare(x.value, y.value);
    if (order === 0) throw new RankError('identical-ranks', `no rank lies between identical ranks '${a}'`);
    const [lo, hi] = order < 0 ? [x.value, y.value] : [y.value, x.value];
    return write(x.bucket, midpoint(lo, hi));
  };

  const bound =
    (value: Value) =>
    (bucket = '0') => {
      checkBucket(bucket);
      return write(bucket, value);
    };

  return {
    alphabet,
    base,
    min: bound(minValue),
    max: bound(maxValue),
    initial: bound(initialValue),
    middle: (bucket = '0') => {
      checkBucket(bucket);
      return write(bucket, midpoint(minValue, maxValue));
    },
    between,
    next: (a) => {
      const { bucket, value } = read(a);
      if (compare(value, maxValue) >= 0)
        throw new RankError('out-of-range', `no rank after the maximum '${a}'`);
      const ceiling = integerPart(value) + (value.scale > 0 ? 1n : 0n);
      const candidate: Value = { units: ceiling + step, scale: 0 };
      return write(bucket, compare(candidate, maxValue) < 0 ? candidate : midpoint(value, maxValue));
    },
    prev: (a) => {
      const { bucket, value } = read(a);
      if (compare(value, minValue) <= 0)
        throw new RankError('out-of-range', `no rank before the minimum '${a}'`);
      const candidate: Value = { units: integerPart(value) - step, scale: 0 };
      return write(bucket, compare(candidate, minValue) > 0 ? candidate : midpoint(minValue, value));
    },
    parse: (rank) => {
      const { bucket, value } = read(rank);
      return { bucket, decimal: writeDecimal(value) };
    },
    format: (bucket, decimal) => {
      checkBucket(bucket);
      const match = typeof decimal === 'string' ? /^([^|:]+)(?::([^|:]+))?$/.exec(decimal) : null;
      if (!match) throw new RankError('malformed', `not a rank decimal: '${String(decimal)}'`);
      const [, integer = '', fraction = ''] = match;
      checkDigits(decimal, integer, fraction);
      const value = canonical(readDigits(integer + fraction), fraction.length);
      checkRange(decimal, value);
      return write(bucket, value);
    },
    isValid: (rank) => {
      try {
        read(rank);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Base 10 (0-9). */
export const base10 = createRankSystem(base10Alphabet);
/** Base 36 (0-9a-z), the default of §3. */
export const base36 = createRankSystem(base36Alphabet);
/** Base 64 (0-9A-Z_a-z~), the "64-character numeral system" of §9. */
export const base64 = createRankSystem(base64Alphabet);

/** Item ranks use the 10-base system (§9). */
export const itemRanks = base10;

/** The rank of a new item (§9): after the highest existing rank, else the middle rank. Nulls are ignored. */
export function rankForNewItem(existingRanks: readonly (string | null)[]): string {
  const ranks = existingRanks.filter((rank): rank is string => rank !== null && rank !== '');
  if (ranks.length === 0) return itemRanks.middle();
  const highest = ranks.reduce((a, b) => (b > a ? b : a));
  return itemRanks.next(highest);
}

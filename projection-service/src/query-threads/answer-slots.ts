import { JsonBytes } from '../http/json-text';
import { keepRecent } from './keep-recent';

/**
 * Answers at least this long go through a slot (a month's page is about 170,000 characters, a year's
 * 600,000); shorter ones die young in the main heap whatever way they come, and are kept there.
 */
export const SLOT_MIN_CHARS = 16 * 1024;

/** The memory a page thread shares with the main thread: its slots, each room for one answer's UTF-8. */
export interface SlotMemory {
  readonly memory: SharedArrayBuffer;
  readonly slotBytes: number;
}

/**
 * In a thread: the answer whose text is `pieces` (`JsonText`) written as UTF-8 into slot `slot` of
 * `memory`, one piece after the other, and how many bytes it took; undefined when it does not fit (the
 * thread then answers with the string). Buffer's `write`, not `TextEncoder.encodeInto`: 0.006 against
 * 0.08 ms for a month's page of Latin-1 text (simdutf). Piece by piece: joining a page's 1,800 pieces
 * first copied the page once more (docs/design/answer-slots.md).
 */
export const writeToSlot = (
  { memory, slotBytes }: SlotMemory,
  slot: number,
  pieces: readonly string[],
): number | undefined => {
  const bytes = Buffer.from(memory, slot * slotBytes, slotBytes);
  let written = 0;
  for (const piece of pieces) {
    const took = bytes.write(piece, written, 'utf8');
    // `write` stops before a character that does not fit, and none takes more than 4 bytes
    if (written + took >= slotBytes - 3 && took !== Buffer.byteLength(piece, 'utf8')) return undefined;
    written += took;
  }
  return written;
};

/**
 * The slots of one page thread, on the main thread: the thread writes a large answer's UTF-8 into the
 * slot its query was given, and the main thread sends those bytes as they are (`JsonBytes`), keeps
 * the answer in its slot for the next request that asks the same, and takes the slot back once the
 * answer is no longer kept and every request that sent it has ended.
 *
 * Sent as a string, a large answer was a string of the main heap (and a second, the headers and the
 * text joined, while it was written), alive across the scavenge that came while it was written to its
 * socket, and kept answers outlived many: the old generation grew by 12–18 MB per scavenge under load,
 * and a full collection came every 0.3–0.6 s, holding every request for 14–26 ms. Transferred as an
 * ArrayBuffer instead, each answer was external memory, which V8 counts towards a full collection too;
 * kept as strings in the thread, they gave the thread's heap the same churn (docs/design/heap-flags.md).
 * Shared memory is allocated once, with the thread: neither heap grows per answer.
 */
export class AnswerSlots implements SlotMemory {
  readonly memory: SharedArrayBuffer;
  private readonly free: number[];
  /** What holds each slot: the requests that send its answer, and its keeping (0 while free or written). */
  private readonly holders: number[];
  /** The answers kept, by the name they are kept as, the least recently used first. */
  private readonly keptAnswers = new Map<string, { readonly slot: number; readonly length: number }>();

  /** `count` slots of `slotBytes`, at most `keptBound` of them holding kept answers. */
  constructor(
    readonly count: number,
    readonly slotBytes: number,
    private readonly keptBound: number,
  ) {
    if (keptBound >= count)
      throw new Error(`answer slots: ${keptBound} kept leave none of ${count} to answer in`);
    this.memory = new SharedArrayBuffer(count * slotBytes);
    this.free = Array.from({ length: count }, (_, slot) => count - 1 - slot);
    this.holders = new Array<number>(count).fill(0);
  }

  /** A free slot for a query's answer, or undefined when every slot is taken (the answer comes as a string). */
  take(): number | undefined {
    return this.free.pop();
  }

  /** Slot `slot`, taken for a query, free again: the query answered with a string, or failed. */
  giveBack(slot: number): void {
    this.free.push(slot);
  }

  /**
   * The answer of `length` bytes a thread wrote into slot `slot`: kept as `keptAs`, and lent to the
   * `borrowers` requests that waited for it, each of which takes its view (`lent`) and releases it once.
   */
  lend(slot: number, length: number, keptAs: string, borrowers: number): void {
    this.holders[slot] = borrowers + 1;
    keepRecent(this.keptAnswers, keptAs, { slot, length }, this.keptBound, (gone) => this.letGo(gone.slot));
  }

  /** A borrower's view of the answer in slot `slot` (`lend`). */
  lent<T>(slot: number, length: number, keptAs: string): JsonBytes<T> {
    return new JsonBytes<T>(Buffer.from(this.memory, slot * this.slotBytes, length), keptAs, () =>
      this.letGo(slot),
    );
  }

  /** A view of the answer kept as `keptAs`, held until it is released; undefined if it is not kept. */
  kept<T>(keptAs: string): JsonBytes<T> | undefined {
    const kept = this.keptAnswers.get(keptAs);
    if (!kept) return undefined;
    keepRecent(this.keptAnswers, keptAs, kept, this.keptBound);
    this.holders[kept.slot] = (this.holders[kept.slot] ?? 0) + 1;
    return this.lent(kept.slot, kept.length, keptAs);
  }

  private letGo(slot: number): void {
    const left = (this.holders[slot] ?? 0) - 1;
    this.holders[slot] = left;
    if (left === 0) this.free.push(slot);
  }

  /** How many slots are free (specs). */
  get available(): number {
    return this.free.length;
  }

  /**
   * What holds the slots (specs): how many are not free, how many answers are kept, and how many
   * requests hold a view. Once every request ended: as many slots as kept answers, and no view.
   */
  use(): { taken: number; kept: number; views: number } {
    const holds = this.holders.reduce((sum, holders) => sum + holders, 0);
    const kept = this.keptAnswers.size;
    return { taken: this.count - this.free.length, kept, views: holds - kept };
  }
}

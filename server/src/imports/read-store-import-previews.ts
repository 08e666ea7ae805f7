import { randomUUID } from 'node:crypto';
import { defaultPreviewLimits } from '@fahrplan/command-service';
import type {
  ImportPreviewLimits,
  ImportPreviewStore,
  KeptPreview,
  NewPreview,
} from '@fahrplan/command-service';
import type { ImportApplyProgress, ImportPlan } from '@fahrplan/contracts';
import { isTombstone } from '@fahrplan/projection-service';
import type { ReadDocument, ReadStore } from '@fahrplan/projection-service';

/** A user's previews: one document per slot, the user's `perUser` slots reused oldest first. */
const HEADS = 'importPreviews';
/** A preview's rows, `rowsPerPart` a document, named after the slot and the part. */
const PARTS = 'importPreviewParts';
const rowsPerPart = 500;
/** An apply whose instance has told nothing for this long has stopped with it. */
export const staleApplyMs = 60_000;
/** Plans this instance keeps after reading them (the pages of a preview are asked one after the other). */
const plansKept = 4;

interface Head extends ReadDocument {
  readonly preview: string;
  readonly tenant: string;
  readonly user: string;
  readonly kind: KeptPreview['kind'];
  readonly fileName: string;
  readonly columns: ImportPlan['columns'];
  readonly totals: ImportPlan['totals'];
  readonly parts: number;
  readonly keptAt: number;
  readonly apply?: ImportApplyProgress;
  readonly toldAt?: number;
}

const slotsOf = (tenant: string, user: string, perUser: number) =>
  Array.from({ length: perUser }, (_, n) => `${tenant}\u0000${user}\u0000${n}`);
const partId = (slot: string, part: number) => `${slot}\u0000${part}`;

/**
 * Issue 23, docs/design/sheet-import.md: the previews in the read store's database, so that every
 * command-service instance of the distributed shape pages, applies and reports a preview another
 * instance made. Bounded without a sweep: each user has `perUser` slots, a new upload takes the
 * empty or oldest one (one whose apply runs only when all do) and overwrites it, so nothing is ever
 * deleted and the store holds at most `perUser` previews per user. An apply's progress is written to
 * its slot as it goes; one that has told nothing for a minute is answered as stopped (its instance
 * ended), and may be applied again (the rows' idempotency keys append nothing twice).
 */
export class ReadStoreImportPreviews implements ImportPreviewStore {
  private readonly plans = new Map<string, ImportPlan>();
  private last = 0;

  constructor(
    private readonly store: ReadStore,
    private readonly limits: Pick<ImportPreviewLimits, 'perUser' | 'ttlMs'> = defaultPreviewLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async keep(preview: NewPreview): Promise<KeptPreview> {
    const slots = slotsOf(preview.tenant, preview.user, this.limits.perUser);
    const heads = await this.heads(slots);
    const slot = [...slots].sort((a, b) => this.age(heads.get(a)) - this.age(heads.get(b)))[0]!;
    const after = heads.get(slot)?._position ?? 0;
    const kept: KeptPreview = { ...preview, id: randomUUID(), keptAt: this.now() };
    const { rows, columns, totals } = preview.plan;
    const parts = Math.ceil(rows.length / rowsPerPart);
    // the rows first: a head is never read without its rows
    await this.store.write(
      Array.from({ length: parts }, (_, part) => ({
        collection: PARTS,
        id: partId(slot, part),
        position: this.position(after),
        document: { preview: kept.id, rows: rows.slice(part * rowsPerPart, (part + 1) * rowsPerPart) },
      })),
    );
    const { tenant, user, kind, fileName, keptAt } = kept;
    await this.store.write([
      {
        collection: HEADS,
        id: slot,
        position: this.position(after),
        document: { preview: kept.id, tenant, user, kind, fileName, columns, totals, parts, keptAt },
      },
    ]);
    this.remember(kept.id, preview.plan);
    return kept;
  }

  async get(id: string, tenant: string, user: string): Promise<KeptPreview | undefined> {
    const found = await this.find(id, tenant, user);
    if (!found) return undefined;
    const [slot, head] = found;
    const apply = this.applyOf(head);
    if (head.keptAt < this.now() - this.limits.ttlMs && apply?.status !== 'running') return undefined;
    const plan = this.plans.get(id) ?? (await this.plan(slot, head));
    if (!plan) return undefined;
    this.remember(id, plan);
    const { kind, fileName, keptAt } = head;
    return { id, tenant, user, kind, fileName, plan, keptAt, ...(apply ? { apply } : {}) };
  }

  async progress(preview: KeptPreview, progress: ImportApplyProgress): Promise<void> {
    const found = await this.find(preview.id, preview.tenant, preview.user);
    if (!found) return;
    const [slot, { _id: _ignored, _position, ...head }] = found;
    await this.store.write([
      {
        collection: HEADS,
        id: slot,
        position: this.position(_position),
        document: { ...head, apply: progress, toldAt: this.now() },
      },
    ]);
  }

  private async heads(slots: readonly string[]): Promise<Map<string, Head>> {
    const stored = await this.store.getMany(HEADS, slots);
    return new Map([...stored].filter((entry): entry is [string, Head] => !isTombstone(entry[1])));
  }

  private async find(id: string, tenant: string, user: string): Promise<[string, Head] | undefined> {
    const heads = await this.heads(slotsOf(tenant, user, this.limits.perUser));
    return [...heads].find(([, head]) => head.preview === id);
  }

  /** How soon a slot is taken: an empty one first, then the oldest, one whose apply runs last. */
  private age(head: Head | undefined): number {
    if (!head) return -Infinity;
    return this.applyOf(head)?.status === 'running' ? Number.MAX_SAFE_INTEGER - 1 : head.keptAt;
  }

  /** The apply's progress, or that it stopped when its instance has told nothing for a minute. */
  private applyOf(head: Head): ImportApplyProgress | undefined {
    const { apply } = head;
    if (apply?.status !== 'running' || (head.toldAt ?? 0) >= this.now() - staleApplyMs) return apply;
    return {
      ...apply,
      status: 'failed',
      failed: [
        ...apply.failed,
        {
          row: 0,
          status: 503,
          reason: 'the apply stopped before its end (its service instance stopped): apply it again',
        },
      ],
    };
  }

  private async plan(slot: string, head: Head): Promise<ImportPlan | undefined> {
    const ids = Array.from({ length: head.parts }, (_, part) => partId(slot, part));
    const stored = await this.store.getMany(PARTS, ids);
    const rows: ImportPlan['rows'][number][] = [];
    for (const id of ids) {
      const part = stored.get(id);
      // overwritten by a newer upload into the slot since its head was read
      if (!part || isTombstone(part) || part.preview !== head.preview) return undefined;
      rows.push(...(part.rows as ImportPlan['rows']));
    }
    return { columns: head.columns, totals: head.totals, rows };
  }

  private remember(id: string, plan: ImportPlan): void {
    this.plans.delete(id);
    this.plans.set(id, plan);
    for (const oldest of this.plans.keys()) {
      if (this.plans.size <= plansKept) break;
      this.plans.delete(oldest);
    }
  }

  /**
   * Later than every write of this instance and than `after` (what the slot holds, written maybe by
   * another instance in the same millisecond): the store keeps a document's latest position only.
   */
  private position(after = 0): number {
    this.last = Math.max(this.last + 1, this.now() * 1000, after + 1);
    return this.last;
  }
}

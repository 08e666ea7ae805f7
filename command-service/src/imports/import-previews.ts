import { randomUUID } from 'node:crypto';
import type { ImportApplyProgress, ImportPlan, ImportableSheetKind } from '@fahrplan/contracts';

/** A preview kept between its upload and its apply, for its user only. */
export interface KeptPreview {
  readonly id: string;
  readonly tenant: string;
  readonly user: string;
  readonly kind: ImportableSheetKind;
  readonly fileName: string;
  readonly plan: ImportPlan;
  readonly keptAt: number;
  readonly apply?: ImportApplyProgress;
}

export type NewPreview = Omit<KeptPreview, 'id' | 'keptAt' | 'apply'>;

export interface ImportPreviewLimits {
  /** Previews one user keeps; an upload beyond drops the user's oldest. */
  readonly perUser: number;
  /** Rows all previews together hold; an upload beyond drops the oldest previews of anyone. */
  readonly rowsMax: number;
  readonly ttlMs: number;
}

export const defaultPreviewLimits: ImportPreviewLimits = { perUser: 3, rowsMax: 200_000, ttlMs: 30 * 60_000 };

/**
 * Where previews wait between upload and apply, and where an apply's progress is told: in this
 * process's memory (embedded, one process), or in a store every command-service instance shares
 * (distributed: any instance pages, applies and reports a preview another instance made).
 */
export interface ImportPreviewStore {
  keep(preview: NewPreview): Promise<KeptPreview>;
  /** The preview, when it is the user's and still kept. */
  get(id: string, tenant: string, user: string): Promise<KeptPreview | undefined>;
  /** Records the progress of the preview's apply (the last call of an apply: done or failed). */
  progress(preview: KeptPreview, progress: ImportApplyProgress): Promise<void>;
}

export const IMPORT_PREVIEWS = Symbol('IMPORT_PREVIEWS');

/**
 * The previews in memory, bounded three ways: a few per user, a total of rows (so memory stays
 * bounded whoever uploads), and a time to live. A preview is only ever handed to the user who uploaded it.
 */
export class MemoryImportPreviews implements ImportPreviewStore {
  private readonly kept = new Map<string, KeptPreview>();

  constructor(
    private readonly limits: ImportPreviewLimits = defaultPreviewLimits,
    private readonly now: () => number = Date.now,
  ) {}

  keep(preview: NewPreview): Promise<KeptPreview> {
    this.expire();
    const mine = [...this.kept.values()].filter(
      (p) => p.tenant === preview.tenant && p.user === preview.user,
    );
    for (const old of mine.slice(0, Math.max(0, mine.length - this.limits.perUser + 1)))
      this.kept.delete(old.id);
    let rows = [...this.kept.values()].reduce((n, p) => n + p.plan.rows.length, 0);
    for (const old of this.kept.values()) {
      if (rows + preview.plan.rows.length <= this.limits.rowsMax) break;
      if (old.apply?.status === 'running') continue;
      rows -= old.plan.rows.length;
      this.kept.delete(old.id);
    }
    const kept: KeptPreview = { ...preview, id: randomUUID(), keptAt: this.now() };
    this.kept.set(kept.id, kept);
    return Promise.resolve(kept);
  }

  get(id: string, tenant: string, user: string): Promise<KeptPreview | undefined> {
    this.expire();
    const preview = this.kept.get(id);
    return Promise.resolve(
      preview && preview.tenant === tenant && preview.user === user ? preview : undefined,
    );
  }

  progress(preview: KeptPreview, progress: ImportApplyProgress): Promise<void> {
    const kept = this.kept.get(preview.id);
    if (kept) this.kept.set(preview.id, { ...kept, apply: progress });
    return Promise.resolve();
  }

  private expire(): void {
    const oldest = this.now() - this.limits.ttlMs;
    for (const preview of this.kept.values())
      if (preview.keptAt < oldest && preview.apply?.status !== 'running') this.kept.delete(preview.id);
  }
}

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
  apply?: ImportApplyProgress;
}

export interface ImportPreviewLimits {
  /** Previews one user keeps; an upload beyond drops the user's oldest. */
  readonly perUser: number;
  /** Rows all previews together hold; an upload beyond drops the oldest previews of anyone. */
  readonly rowsMax: number;
  readonly ttlMs: number;
}

export const defaultPreviewLimits: ImportPreviewLimits = { perUser: 3, rowsMax: 200_000, ttlMs: 30 * 60_000 };

/**
 * The previews in memory, bounded three ways: a few per user, a total of rows (so memory stays
 * bounded whoever uploads), and a time to live. A preview is only ever handed to the user who uploaded it.
 */
export class ImportPreviews {
  private readonly kept = new Map<string, KeptPreview>();

  constructor(
    private readonly limits: ImportPreviewLimits = defaultPreviewLimits,
    private readonly now: () => number = Date.now,
  ) {}

  keep(preview: Omit<KeptPreview, 'id' | 'keptAt'>): KeptPreview {
    this.expire();
    const mine = [...this.kept.values()].filter(
      (p) => p.tenant === preview.tenant && p.user === preview.user,
    );
    for (const old of mine.slice(0, Math.max(0, mine.length - this.limits.perUser + 1))) this.drop(old);
    let rows = [...this.kept.values()].reduce((n, p) => n + p.plan.rows.length, 0);
    for (const old of this.kept.values()) {
      if (rows + preview.plan.rows.length <= this.limits.rowsMax) break;
      if (old.apply?.status === 'running') continue;
      rows -= old.plan.rows.length;
      this.drop(old);
    }
    const kept: KeptPreview = { ...preview, id: randomUUID(), keptAt: this.now() };
    this.kept.set(kept.id, kept);
    return kept;
  }

  /** The preview, when it is the user's and still kept. */
  get(id: string, tenant: string, user: string): KeptPreview | undefined {
    this.expire();
    const preview = this.kept.get(id);
    return preview && preview.tenant === tenant && preview.user === user ? preview : undefined;
  }

  drop(preview: KeptPreview): void {
    this.kept.delete(preview.id);
  }

  private expire(): void {
    const oldest = this.now() - this.limits.ttlMs;
    for (const preview of this.kept.values())
      if (preview.keptAt < oldest && preview.apply?.status !== 'running') this.kept.delete(preview.id);
  }
}

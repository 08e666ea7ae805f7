import { Controller, Inject, Sse, UseGuards } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { Observable } from 'rxjs';
import { AuthGuard, CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { Change, ProjectionRunner } from '../projections/projection-runner';
import type { TrackerMirror } from '../tracker/tracker-mirror';
import { PROJECTION_RUNNER, TRACKER_MIRROR } from '../http/tokens';

const FLUSH_MS = 100;
const HEARTBEAT_MS = 25_000;

export interface ChangeMessage {
  readonly data: { readonly position: number; readonly collections: readonly string[] };
  readonly type?: string;
}

/**
 * The change feed (server-sent events): which read models of the caller's tenant moved past which
 * position, so every open console refreshes what others changed. Bursts are merged per 100 ms.
 */
@Controller('api')
@UseGuards(AuthGuard)
export class ChangesController implements OnModuleDestroy {
  /** Open feeds end at shutdown, else the HTTP server would wait for them forever. */
  private readonly open = new Set<() => void>();

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(TRACKER_MIRROR) private readonly trackerMirror: TrackerMirror | null,
  ) {}

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }

  @Sse('changes')
  changes(@CurrentPrincipal() principal: Principal): Observable<ChangeMessage> {
    return new Observable<ChangeMessage>((subscriber) => {
      let pending: { position: number; collections: Set<string> } | undefined;
      let timer: NodeJS.Timeout | undefined;
      const flush = () => {
        timer = undefined;
        if (!pending) return;
        subscriber.next({ data: { position: pending.position, collections: [...pending.collections] } });
        pending = undefined;
      };
      const note = (tenant: string, position: number, collections: readonly string[]) => {
        if (tenant !== principal.tenant) return;
        pending ??= { position: 0, collections: new Set() };
        pending.position = Math.max(pending.position, position);
        for (const collection of collections) pending.collections.add(collection);
        timer ??= setTimeout(flush, FLUSH_MS);
      };
      const unsubscribe = this.runner.onChange((change: Change) =>
        note(change.tenant, change.position, change.collections),
      );
      // the mirror moves with the tracker, not the log: its changes carry the log position reached so far
      const unsubscribeMirror = this.trackerMirror?.onChange((change) =>
        note(change.tenant, this.runner.checkpoint, change.collections),
      );
      subscriber.next({ type: 'ready', data: { position: this.runner.checkpoint, collections: [] } });
      const heartbeat = setInterval(
        () =>
          subscriber.next({ type: 'heartbeat', data: { position: this.runner.checkpoint, collections: [] } }),
        HEARTBEAT_MS,
      );
      const end = () => subscriber.complete();
      this.open.add(end);
      return () => {
        this.open.delete(end);
        unsubscribe();
        unsubscribeMirror?.();
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
      };
    });
  }
}

import { notDeleted, notFound, versionConflict } from '../errors';

/**
 * The state of a record that is created once, then changed, deleted and perhaps restored (STYLE 4):
 * absent before its first event; afterwards its id, what it holds and `version`, the revision of its
 * stream's last event (§3 version = stream revision).
 */
export type RecordState<Held> =
  | { readonly status: 'absent' }
  | (Held & { readonly status: 'active' | 'deleted'; readonly id: number; readonly version: number });

/** A record's state once it has been created. */
export type Recorded<State> = Exclude<State, { readonly status: 'absent' }>;

/** The state after one more event of the record's stream, with `change`; before its creation nothing changes. */
export const revised = <State extends RecordState<object>>(
  state: State,
  change: (recorded: Recorded<State>) => Partial<Recorded<State>>,
): State => {
  if (state.status === 'absent') return state;
  const recorded = state as Recorded<State>;
  return { ...recorded, ...change(recorded), version: recorded.version + 1 } as State;
};

/** The fold of a record's deletion. */
export const markDeleted = <State extends RecordState<object>>(state: State): State =>
  revised(state, () => ({ status: 'deleted' }) as Partial<Recorded<State>>);

/** The fold of a deleted record's restoration: live again, as it was when deleted. */
export const markRestored = <State extends RecordState<object>>(state: State): State =>
  revised(state, () => ({ status: 'active' }) as Partial<Recorded<State>>);

/** A command that changes or deletes a record: the record is live and at the version the user saw. */
export function assertLiveAt<State extends RecordState<object>>(
  state: State,
  seen: number | undefined,
  what: string,
): asserts state is Recorded<State> {
  if (state.status !== 'active') throw notFound(what);
  if (seen !== (state as Recorded<State>).version) throw versionConflict((state as Recorded<State>).version);
}

/** A command that restores a record: the record is deleted and at the version the user saw. */
export function assertDeletedAt<State extends RecordState<object>>(
  state: State,
  seen: number,
  what: string,
): asserts state is Recorded<State> {
  if (state.status === 'absent') throw notFound(what);
  if (state.status === 'active') throw notDeleted(what);
  if (seen !== (state as Recorded<State>).version) throw versionConflict((state as Recorded<State>).version);
}

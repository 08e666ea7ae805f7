import { decideByType, evolverOf } from '../decider';
import type { DomainEvent } from '../events';
import { assertDeletedAt, assertLiveAt, markDeleted, markRestored, revised } from './record-lifecycle';
import type { RecordState } from './record-lifecycle';

type NoteState = RecordState<{ readonly text: string }>;
type NoteEvent =
  | DomainEvent<'NoteWritten', { readonly id: number; readonly text: string }>
  | DomainEvent<'NoteDeleted', { readonly id: number }>;

const absent: NoteState = { status: 'absent' };
const live: NoteState = { status: 'active', id: 7, text: 'a', version: 2 };
const deleted: NoteState = { ...live, status: 'deleted' };

describe('a record state', () => {
  it('is revised with the change and one more version, and stays absent before its creation', () => {
    expect(revised(live, () => ({ text: 'b' }))).toEqual({ ...live, text: 'b', version: 3 });
    expect(revised<NoteState>(absent, () => ({ text: 'b' }))).toBe(absent);
  });

  it('is deleted and restored with a new version each time', () => {
    expect(markDeleted(live)).toEqual({ ...live, status: 'deleted', version: 3 });
    expect(markRestored(deleted)).toEqual({ ...live, version: 3 });
  });

  it('is live at the version the user saw, or refused as not found or a conflict', () => {
    expect(() => assertLiveAt(live, 2, 'note')).not.toThrow();
    expect(() => assertLiveAt(live, 1, 'note')).toThrow(/version conflict/);
    expect(() => assertLiveAt(deleted, 2, 'note')).toThrow(/note not found/);
    expect(() => assertLiveAt(absent, 0, 'note')).toThrow(/note not found/);
  });

  it('is restored only when deleted, at the version the user saw', () => {
    expect(() => assertDeletedAt(deleted, 2, 'note')).not.toThrow();
    expect(() => assertDeletedAt(deleted, 1, 'note')).toThrow(/version conflict/);
    expect(() => assertDeletedAt(live, 2, 'note')).toThrow(/the note is not deleted/);
    expect(() => assertDeletedAt(absent, 0, 'note')).toThrow(/note not found/);
  });
});

describe('an evolve written as a table', () => {
  const evolve = evolverOf<NoteState, NoteEvent>({
    NoteWritten: (_state, { id, text }) => ({ status: 'active', id, text, version: 0 }),
    NoteDeleted: markDeleted,
  });

  it('folds each event type with its own entry', () => {
    const written = evolve(absent, { type: 'NoteWritten', data: { id: 7, text: 'a' } });
    expect(evolve(written, { type: 'NoteDeleted', data: { id: 7 } })).toEqual({
      status: 'deleted',
      id: 7,
      text: 'a',
      version: 1,
    });
  });

  it('leaves the state as it is for an event it does not fold', () => {
    expect(evolve(live, { type: 'NoteMoved', data: { id: 7 } } as unknown as NoteEvent)).toBe(live);
  });
});

describe('a decide written as a table', () => {
  type NoteCommand = DomainEvent<'DeleteNote', { readonly id: number; readonly version: number }>;
  const decide = decideByType<NoteCommand, NoteState, NoteEvent, null>({
    DeleteNote: ({ version }, state) => {
      assertLiveAt(state, version, 'note');
      return [{ type: 'NoteDeleted', data: { id: state.id } }];
    },
  });

  it('decides each command type with its own entry', () => {
    expect(decide({ type: 'DeleteNote', data: { id: 7, version: 2 } }, live, null)).toEqual([
      { type: 'NoteDeleted', data: { id: 7 } },
    ]);
  });

  it('throws on a command type it does not know', () => {
    const unknown = { type: 'MoveNote', data: { id: 7, version: 2 } } as unknown as NoteCommand;
    expect(() => decide(unknown, live, null)).toThrow('unknown command MoveNote');
  });
});

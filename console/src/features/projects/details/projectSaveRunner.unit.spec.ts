import { describe, expect, it } from '@jest/globals';
import type { CommandResult } from '@fahrplan/contracts';
import { keyedSender } from '../../record-dialog/idempotencyKeys';
import { SaveStepError } from '../../record-dialog/SaveStepError';
import { toFormValues } from './projectForm';
import type { ProjectFormValues, ProjectRecord } from './projectForm';
import { newFlowMemory, runProjectSave } from './projectSaveRunner';
import type { ProjectCommands } from './projectSaveRunner';
import { pendingGoal } from './testing/pendingGoal';
import { englishT } from '../../i18n/testing';

const t = englishT('projects');

type Call = { command: keyof ProjectCommands; data: unknown; key: string; source: string };

/** A fake server: group versions count up, other commands get ids from 100 on, chosen requests fail once. */
const fakeServer = (failOnce: (call: Call) => unknown) => {
  const calls: Call[] = [];
  const failed = new Set<string>();
  let version = 0;
  let nextId = 100;
  const answer =
    (command: keyof ProjectCommands, group: boolean) =>
    async (data: unknown, key: string, source: string): Promise<CommandResult> => {
      const call = { command, data, key, source };
      calls.push(call);
      const problem = failOnce(call);
      if (problem && !failed.has(command)) {
        failed.add(command);
        throw problem;
      }
      const id = group ? 7 : nextId++;
      return { id, version: group ? ++version : 0, position: calls.length };
    };
  const commands: ProjectCommands = {
    saveGroup: answer('saveGroup', true),
    createComment: answer('createComment', false),
    shareProject: answer('shareProject', true),
    unshareProject: answer('unshareProject', true),
    createGoal: answer('createGoal', false),
    setGroupGoals: answer('setGroupGoals', true),
    createAccount: answer('createAccount', false),
  };
  return { calls, commands };
};

const tenantNotFound = {
  status: 400,
  data: {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: "tenant 'nowhere' not found",
    errors: [{ field: 'tenant', message: 'tenant not found' }],
  },
};

describe('runProjectSave', () => {
  const before = toFormValues(null, '2027-01-04');
  const values: ProjectFormValues = {
    ...before,
    title: 'Apollo',
    projectNr: 'P-1',
    comment: 'kick-off',
    shareWith: ['nowhere'],
    strategy: { assigned: [{ goal: 'new-1', value: 4 }], pending: [pendingGoal] },
    addAccount: true,
  };

  it('names the failed step, keeps what succeeded and continues there on retry with the same key', async () => {
    const server = fakeServer((call) => (call.command === 'shareProject' ? tenantNotFound : null));
    const withKey = keyedSender(
      (
        (n) => () =>
          `key-${++n}`
      )(0),
    );
    const memory = newFlowMemory();
    let progress = { before, record: null as ProjectRecord | null, done: [] as string[] };
    const input = () => ({
      values,
      before: progress.before,
      record: progress.record,
      t,
      onStep: (p: { before: ProjectFormValues; record: ProjectRecord; done: string }) => {
        progress = { before: p.before, record: p.record, done: [...progress.done, p.done] };
      },
    });

    const failure = await runProjectSave(server.commands, withKey, memory, input()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SaveStepError);
    expect((failure as Error).message).toBe('sharing with nowhere failed: tenant not found');
    expect(progress.done).toEqual(['project saved', 'comment posted']);
    expect(progress.record).toEqual({ id: 7, version: 1, account: null });
    expect(server.calls.map((c) => c.command)).toEqual(['saveGroup', 'createComment', 'shareProject']);

    const record = await runProjectSave(server.commands, withKey, memory, input());
    const retried = server.calls.slice(3);
    expect(retried.map((c) => c.command)).toEqual([
      'shareProject',
      'createGoal',
      'setGroupGoals',
      'createAccount',
      'saveGroup',
    ]);
    // the failed share is sent again with its key; the project and the comment are not repeated
    expect(retried[0]!.key).toBe(server.calls[2]!.key);
    // each command names its §4 step, the same on the retry, for the history's source
    expect(server.calls.map((c) => c.source)).toEqual([
      'flow:save-project/step-1',
      'flow:save-project/step-2',
      'flow:save-project/step-3',
      'flow:save-project/step-3',
      'flow:save-project/step-4',
      'flow:save-project/step-4',
      'flow:save-project/step-5',
      'flow:save-project/step-6',
    ]);
    expect(retried[2]!.data).toEqual({ id: 7, goals: [{ goalId: 101, value: 4 }] });
    // the account is stored with the version the shares and goals reached
    expect(retried[4]!.data).toEqual({ id: 7, version: 3, account: 102 });
    expect(record).toEqual({ id: 7, version: 4, account: 102 });
    expect(progress.done.slice(2)).toEqual([
      'shared with nowhere',
      'goal Growth created',
      'goal values saved',
      'account created',
      'account stored on the project',
    ]);
  });

  it('does not create an account twice when storing it failed', async () => {
    const conflict = { status: 503, data: { title: 'Unavailable', status: 503, detail: 'try again' } };
    const server = fakeServer((call) =>
      call.command === 'saveGroup' && (call.data as { account?: number }).account ? conflict : null,
    );
    const memory = newFlowMemory();
    const record = { id: 7, version: 5, account: null };
    const saved = { ...before, title: 'Apollo', projectNr: 'P-1' };
    const input = {
      values: { ...saved, addAccount: true },
      before: saved,
      record,
      t,
      onStep: () => undefined,
    };
    const withKey = keyedSender();

    await expect(runProjectSave(server.commands, withKey, memory, input)).rejects.toThrow(
      'storing the account on the project failed: try again',
    );
    await runProjectSave(server.commands, withKey, memory, input);
    expect(server.calls.map((c) => c.command)).toEqual(['createAccount', 'saveGroup', 'saveGroup']);
    expect(server.calls[1]!.key).toBe(server.calls[2]!.key);
  });
});

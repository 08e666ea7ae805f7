import type { FetchArgs, TagDescription } from '@reduxjs/toolkit/query/react';
import { flowSourcePattern } from '@fahrplan/contracts';
import type { CommandInput, CommandResult, CommandType } from '@fahrplan/contracts';
import type { ApiTag } from './apiSlice';

/** A command as the console sends it: its data and the Idempotency-Key of this attempt. */
export interface CommandRequest<Data> {
  data: Data;
  /** The same key for a retry of the same step, so the server appends nothing twice. */
  idempotencyKey: string;
  /** X-Fahrplan-Source: the flow step that sends the command (see flowSource), so history names it. */
  source?: string;
}

/**
 * The source of a multi-step save flow's command: `flow:<flow>/step-<n>`, n numbering the flow's steps
 * as §4 lists them (stable across retries), e.g. `flow:save-project/step-3` for a share.
 */
export const flowSource = (flow: string, step: number): string => {
  const source = `flow:${flow}/step-${step}`;
  if (!Number.isInteger(step) || step < 1 || !flowSourcePattern.test(source))
    throw new RangeError(`not a flow source: ${source}`);
  return source;
};

export const commandArgs = <Data>(
  type: CommandType,
  { data, idempotencyKey, source }: CommandRequest<Data>,
): FetchArgs => ({
  url: `/commands/${type}`,
  method: 'POST',
  body: data,
  headers: {
    'Idempotency-Key': idempotencyKey,
    ...(source === undefined ? {} : { 'X-Fahrplan-Source': source }),
  },
});

/**
 * A command's endpoint for `builder.mutation`: POST /commands/<type>, and once it succeeded the queries
 * of the tags `refetch` names (from the answer and the command's data) answer anew.
 */
export const commandEndpoint = <T extends CommandType, Data = CommandInput<T>>(
  type: T,
  refetch: (result: CommandResult, data: Data) => readonly TagDescription<ApiTag>[],
) => ({
  query: (request: CommandRequest<Data>) => commandArgs(type, request),
  invalidatesTags: (result: CommandResult | undefined, _error: unknown, request: CommandRequest<Data>) =>
    result ? [...refetch(result, request.data)] : [],
});

/**
 * Sends a command once, under a fresh Idempotency-Key (nothing retries it with the same key): the
 * answer, or the failure thrown. `trigger` is the command's mutation trigger.
 */
export const sendOnce = <Data, Result>(
  trigger: (request: CommandRequest<Data>) => { unwrap: () => Promise<Result> },
  data: Data,
): Promise<Result> => trigger({ data, idempotencyKey: crypto.randomUUID() }).unwrap();

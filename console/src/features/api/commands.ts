import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { flowSourcePattern } from '@fahrplan/contracts';
import type { CommandType } from '@fahrplan/contracts';

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

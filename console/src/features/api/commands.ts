import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { CommandType } from '@fahrplan/contracts';

/** A command as the console sends it: its data and the Idempotency-Key of this attempt. */
export interface CommandRequest<Data> {
  data: Data;
  /** The same key for a retry of the same step, so the server appends nothing twice. */
  idempotencyKey: string;
}

export const commandArgs = <Data>(
  type: CommandType,
  { data, idempotencyKey }: CommandRequest<Data>,
): FetchArgs => ({
  url: `/commands/${type}`,
  method: 'POST',
  body: data,
  headers: { 'Idempotency-Key': idempotencyKey },
});

import type * as EsdbClientLibrary from '@eventstore/db-client';
import { onFirstUse } from '../modules/on-first-use';

/** EventStoreDB's client, loaded once an EventStoreDB store is used: the embedded shape never loads it. */
export const esdbLibrary = onFirstUse<typeof EsdbClientLibrary>(require, '@eventstore/db-client');

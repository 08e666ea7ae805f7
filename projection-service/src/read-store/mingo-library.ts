import type * as Mingo from 'mingo';
import { onFirstUse } from '@fahrplan/platform';

/** mingo, the in-memory stores' query engine, loaded with the first as-of or scenario query rather than at start. */
export const mingo = onFirstUse<typeof Mingo>(require, 'mingo');

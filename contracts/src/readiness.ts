/**
 * `GET /api/ready` of a service with read models (projection-service, `npm start`): 503 while the read
 * models catch up with the event log, 200 once they reflect the head the log had when the catch-up
 * began. Positions are the log's global positions.
 */
export interface CatchingUpView {
  readonly status: 'catching-up';
  /** The position the read models reflect. */
  readonly position: number;
  /** The log's head when the catch-up began: the read models are ready once they reflect it. */
  readonly head: number;
  /** Events applied per second since the catch-up began. */
  readonly eventsPerSecond: number;
  /** 0–99: the share of the way from where the catch-up began to `head`. */
  readonly percent: number;
  /** The estimated time until ready, from the pace so far; null before there is a pace. */
  readonly secondsLeft: number | null;
}

export interface ReadyView {
  readonly status: 'ready';
  readonly position: number;
  /** The log's head now. */
  readonly head: number;
}

/** `GET /api/ready` when a store the service depends on does not answer; `checks` says which. */
export interface NotReadyView {
  readonly status: 'not ready';
  readonly checks: Readonly<Record<string, string>>;
}

/** What `GET /api/ready` answers (besides the service's name and its checks). */
export type ReadinessView = CatchingUpView | ReadyView | NotReadyView;

/** The problem type of a query answered 503 (with Retry-After) while the read models catch up. */
export const CATCHING_UP_PROBLEM = 'urn:fahrplan:problem:catching-up';

/** The problem detail of such a query: "catching up: 42 %". */
export const catchingUpDetail = (percent: number): string => `catching up: ${percent} %`;

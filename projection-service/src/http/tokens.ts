export const READ_STORE = Symbol('ReadStore');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
/** The tracker mirror, when the service folds the tracker topics (null otherwise). */
export const TRACKER_MIRROR = Symbol('TrackerMirror');
/** Time travel: the read models as of an instant. */
export const AS_OF_STORES = Symbol('AsOfStores');
/** Scenarios' views of the read models (ScenarioViews). */
export const SCENARIO_VIEWS = Symbol('ScenarioViews');
/** Scenarios compared with the live plan or each other (ScenarioDiffs). */
export const SCENARIO_DIFFS = Symbol('ScenarioDiffs');
/** How many new as-of positions each user may open per minute (AsOfLimit). */
export const AS_OF_LIMIT = Symbol('AsOfLimit');
/** Records' histories from the event log. */
export const HISTORY_READER = Symbol('HistoryReader');
/** The event log, whose head bounds the positions a query may wait for. */
export const EVENT_LOG = Symbol('EventLog');
/** How far the read models are in catching up with the log (CatchUpProgress), or null. */
export const CATCH_UP = Symbol('CatchUpProgress');
/** The threads that answer the heaviest queries beside the main thread (QueryThreads), or null. */
export const QUERY_THREADS = Symbol('QueryThreads');
/** Sends webhooks' test pings (WebhookDeliverer), or null where webhooks are not configured. */
export const WEBHOOK_DELIVERER = Symbol('WebhookDeliverer');
/** The console's address as browsers reach it (FAHRPLAN_PUBLIC_URL), or null: links then name the request's origin. */
export const PUBLIC_URL = Symbol('PublicUrl');

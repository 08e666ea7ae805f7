export const READ_STORE = Symbol('ReadStore');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
/** The tracker mirror, when the service folds the tracker topics (null otherwise). */
export const TRACKER_MIRROR = Symbol('TrackerMirror');

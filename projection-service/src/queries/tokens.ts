export const READ_STORE = Symbol('ReadStore');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');

/**
 * How many scenarios' overlays a thread holds. The main thread notes what it sent each thread and lets
 * go in the same order as the thread (the same messages, the same rule), so it knows what each holds.
 */
export const THREAD_OVERLAYS = 32;

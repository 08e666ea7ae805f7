/** Candidate "vis-windowed": vis-timeline with the options that bound its work (`windowedOptions`). */
import { runCandidate } from './harness';
import { visCandidate, windowedOptions } from './vis';

runCandidate(visCandidate(windowedOptions));

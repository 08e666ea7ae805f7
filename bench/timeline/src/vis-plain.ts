/** Candidate "vis-plain": vis-timeline with its default options (the baseline users have today). */
import { runCandidate } from './harness';
import { visCandidate } from './vis';

runCandidate(visCandidate({}));

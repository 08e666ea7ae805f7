/**
 * Candidate "vis-windowed": vis-timeline with the options that bound its work: a fixed-height
 * scrolling body (groups outside it are not redrawn), fixed group heights, no stacking.
 */
import { runCandidate } from './harness';
import { visCandidate } from './vis';

runCandidate(
  visCandidate({
    height: '100vh',
    // the axis on top and the first projects in view, as in the other candidates
    orientation: 'top',
    verticalScroll: true,
    groupHeightMode: 'fixed',
    stack: false,
    stackSubgroups: false,
  }),
);

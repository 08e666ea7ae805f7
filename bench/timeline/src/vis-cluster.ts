/** Candidate "vis-cluster": "vis-windowed" plus vis-timeline's clustering of crowded items. */
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
    cluster: { maxItems: 3, clusterCriteria: (a, b) => a.group === b.group },
  }),
);

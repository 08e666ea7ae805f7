/** Candidate "vis-cluster": "vis-windowed" plus vis-timeline's clustering of crowded items. */
import { runCandidate } from './harness';
import { visCandidate, windowedOptions } from './vis';

runCandidate(
  visCandidate({
    ...windowedOptions,
    cluster: { maxItems: 3, clusterCriteria: (a, b) => a.group === b.group },
  }),
);

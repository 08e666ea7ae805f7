import type { FeatureFlags } from '@fahrplan/contracts';

/** §1 tenant feature flags as the console names them, in the order the spec lists them. */
export const featureLabels: Record<keyof FeatureFlags, { label: string; description: string }> = {
  admin: { label: 'Admin variant', description: 'shows the cockpit id section of applications' },
  jira: { label: 'Jira', description: 'issue-tracker integration: links, boards, releases' },
  alm: { label: 'ALM', description: 'application lifecycle: the applications multi-select of projects' },
  hermes: { label: 'HERMES', description: 'the HERMES project method' },
  financialPlanning: { label: 'Financial planning', description: 'the Finance tab and accounts' },
  agileLifecycle: { label: 'Agile lifecycle', description: 'projects get a phase field' },
};

export const featureKeys = Object.keys(featureLabels) as (keyof FeatureFlags)[];

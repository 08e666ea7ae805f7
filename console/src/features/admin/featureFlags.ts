import type { TFunction } from 'i18next';
import type { FeatureFlags } from '@fahrplan/contracts';

/** §1 tenant feature flags in the order the spec lists them. */
export const featureKeys: (keyof FeatureFlags)[] = [
  'admin',
  'jira',
  'alm',
  'hermes',
  'financialPlanning',
  'agileLifecycle',
];

/** The feature flags as the console names them. */
export const featureLabels = (
  t: TFunction<'admin'>,
): Record<keyof FeatureFlags, { label: string; description: string }> => ({
  admin: { label: t('features.admin.label'), description: t('features.admin.description') },
  jira: { label: t('features.jira.label'), description: t('features.jira.description') },
  alm: { label: t('features.alm.label'), description: t('features.alm.description') },
  hermes: { label: t('features.hermes.label'), description: t('features.hermes.description') },
  financialPlanning: {
    label: t('features.financialPlanning.label'),
    description: t('features.financialPlanning.description'),
  },
  agileLifecycle: {
    label: t('features.agileLifecycle.label'),
    description: t('features.agileLifecycle.description'),
  },
});

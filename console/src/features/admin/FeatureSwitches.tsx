import { SimpleGrid, Switch } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeatureFlags } from '@fahrplan/contracts';
import { featureKeys, featureLabels } from './featureFlags';

/** One switch per §1 feature flag, labelled and described; `inputProps` binds each to a form field. */
export function FeatureSwitches({
  inputProps,
  disabled,
  cols,
}: {
  inputProps: (key: keyof FeatureFlags) => object;
  disabled?: boolean;
  cols: SimpleGridProps['cols'];
}) {
  const { t } = useTranslation('admin');
  const labels = featureLabels(t);
  return (
    <SimpleGrid cols={cols}>
      {featureKeys.map((key) => (
        <Switch
          key={key}
          label={labels[key].label}
          description={labels[key].description}
          disabled={disabled}
          {...inputProps(key)}
        />
      ))}
    </SimpleGrid>
  );
}

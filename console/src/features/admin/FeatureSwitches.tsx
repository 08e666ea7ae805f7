import { SimpleGrid, Switch } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
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
  return (
    <SimpleGrid cols={cols}>
      {featureKeys.map((key) => (
        <Switch
          key={key}
          label={featureLabels[key].label}
          description={featureLabels[key].description}
          disabled={disabled}
          {...inputProps(key)}
        />
      ))}
    </SimpleGrid>
  );
}

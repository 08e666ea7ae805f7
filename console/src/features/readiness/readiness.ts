import type { TFunction } from 'i18next';
import type { ReadinessView } from '@fahrplan/contracts';
import { formatNumber } from '../common/numbers';

/** What the catching-up screen says about the server's state; null once it is ready. */
export const readinessText = (
  view: ReadinessView | undefined,
  t: TFunction,
): { readonly title: string; readonly percent: number | null; readonly detail: string } | null => {
  if (view === undefined)
    return {
      title: t('readiness:waiting.title'),
      percent: null,
      detail: t('readiness:waiting.noAnswer'),
    };
  if (view.status === 'ready') return null;
  if (view.status === 'not ready')
    return {
      title: t('readiness:waiting.title'),
      percent: null,
      detail: t('readiness:waiting.notReady', {
        checks: Object.keys(view.checks)
          .filter((check) => view.checks[check] !== 'ok')
          .join(', '),
      }),
    };
  const progress = {
    position: formatNumber(view.position),
    head: formatNumber(view.head),
    rate: formatNumber(view.eventsPerSecond),
  };
  return {
    title: t('readiness:catchingUp.title', { percent: view.percent }),
    percent: view.percent,
    detail:
      view.secondsLeft === null
        ? t('readiness:catchingUp.detail', progress)
        : t('readiness:catchingUp.detailWithTimeLeft', {
            ...progress,
            seconds: formatNumber(view.secondsLeft),
          }),
  };
};

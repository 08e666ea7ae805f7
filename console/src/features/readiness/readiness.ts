import type { ReadinessView } from '@fahrplan/contracts';

const count = (n: number) => n.toLocaleString('en-US');

/** What the catching-up screen says about the server's state; null once it is ready. */
export const readinessText = (
  view: ReadinessView | undefined,
): { readonly title: string; readonly percent: number | null; readonly detail: string } | null => {
  if (view === undefined)
    return {
      title: 'Waiting for the server',
      percent: null,
      detail: 'The server does not answer yet; the console keeps asking.',
    };
  if (view.status === 'ready') return null;
  if (view.status === 'not ready')
    return {
      title: 'Waiting for the server',
      percent: null,
      detail: `Not answering yet: ${Object.keys(view.checks)
        .filter((check) => view.checks[check] !== 'ok')
        .join(', ')}. The console keeps asking.`,
    };
  const left = view.secondsLeft === null ? '' : `, about ${count(view.secondsLeft)} s left`;
  return {
    title: `Catching up, ${view.percent} %`,
    percent: view.percent,
    detail:
      `After its start the server reads the event log into its read models: event ${count(view.position)} ` +
      `of ${count(view.head)}, ${count(view.eventsPerSecond)} events per second${left}. ` +
      'The console opens as soon as they are ready.',
  };
};

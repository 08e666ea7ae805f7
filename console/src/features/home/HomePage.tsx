import { TimelinePage } from '../timeline/TimelinePage';

/** The home route is the planners' timeline (issue 5); its empty state offers a new project or a wider window. */
export function HomePage() {
  return <TimelinePage />;
}

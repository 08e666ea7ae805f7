import type { TrackerDeployment, TrackerTestResult } from '@fahrplan/contracts';
import type { PlatformCalls } from './platform';
import { describeTrackerError, TrackerError } from './tracker-error';

type Step = 'reach' | 'authenticate' | 'read';

/**
 * The test step a failure belongs to: no answer at all is always "reach"; an address that answers
 * but not as a tracker (404, HTML, not JSON) fails at "url"; refused credentials at "authenticate".
 */
const failedStep = (step: Step, error: unknown): 'url' | 'reach' | 'authenticate' | 'read' => {
  const code = error instanceof TrackerError ? error.code : 'internal';
  if (code === 'host_url') return 'url';
  if (code === 'refused_address') return 'url';
  if (code === 'unreachable' || code === 'timeout') return 'reach';
  if (code === 'unauthorized' || code === 'forbidden') return step === 'read' ? 'read' : 'authenticate';
  if (step !== 'reach') return step;
  return code === 'server' || code === 'rate_limited' ? 'reach' : 'url';
};

/** The connection test of the settings dialog: reach the server, authenticate, read the projects. */
export const connectionTest =
  (platform: PlatformCalls, deployment: TrackerDeployment, baseUrl: string) =>
  async (): Promise<TrackerTestResult> => {
    const started = performance.now();
    const tookMs = () => Math.round(performance.now() - started);
    let step: Step = 'reach';
    try {
      const info = await platform.serverInfo();
      step = 'authenticate';
      const me = await platform.myself();
      step = 'read';
      let projectCount: number;
      if (deployment === 'datacenter') projectCount = (await platform.projectList()).length;
      else {
        const page = await platform.projectPage(0);
        projectCount = page.total ?? page.values.length;
      }
      return {
        ok: true,
        server: {
          title: info.serverTitle ?? null,
          version: info.version ?? null,
          deploymentType: info.deploymentType ?? null,
        },
        user: me.displayName ?? me.name ?? me.accountId ?? null,
        projects: projectCount,
        tookMs: tookMs(),
      };
    } catch (error) {
      return {
        ok: false,
        step: failedStep(step, error),
        failure: describeTrackerError(error, baseUrl),
        tookMs: tookMs(),
      };
    }
  };

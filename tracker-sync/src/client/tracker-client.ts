import type { TrackerTestResult } from '@fahrplan/contracts';
import { agileCalls } from './agile';
import type { TrackerClient, TrackerClientConfig } from './client-types';
import { connectionTest } from './connection-test';
import { issueSearch } from './issue-search';
import { issueCalls } from './issues';
import { platformCalls } from './platform';
import { serviceDeskCalls } from './service-desk';
import { describeTrackerError } from './tracker-error';
import { createTransport, parseBaseUrl } from './transport';

/**
 * The §7 client on the platform's fetch: one transport, and the calls of each REST family on it.
 * jira.js 6 was weighed and left out: its exports carry only an "import" condition (require() fails
 * with ERR_PACKAGE_PATH_NOT_EXPORTED in this CommonJS build, and Jest cannot resolve it), it has no
 * REST v2, repeats array parameters instead of comma lists, takes "jira.example.com:8443" as a valid
 * host, retries only 502/503/504 (no 500, no jitter, Retry-After only for 429 in withRetry), and has
 * no per-request timeout or injectable transport.
 */
export function createTrackerClient(config: TrackerClientConfig): TrackerClient {
  const baseUrl = parseBaseUrl(config.baseUrl);
  const { deployment } = config;
  const request = createTransport(config, baseUrl);
  const platform = platformCalls(request, deployment);
  return {
    baseUrl,
    deployment,
    serverInfo: platform.serverInfo,
    myself: platform.myself,
    projects: platform.projects,
    versions: platform.versions,
    ...agileCalls(request),
    ...issueSearch(request, deployment),
    ...issueCalls(request, deployment),
    ...serviceDeskCalls(request),
    request,
    test: connectionTest(platform, deployment, baseUrl),
  };
}

/** A connection test from settings, including §8's answer for a base URL without a scheme (step "url"). */
export const testTrackerConnection = async (config: TrackerClientConfig): Promise<TrackerTestResult> => {
  let client: TrackerClient;
  try {
    client = createTrackerClient(config);
  } catch (error) {
    return { ok: false, step: 'url', failure: describeTrackerError(error, config.baseUrl), tookMs: 0 };
  }
  return client.test();
};

import { execFileSync } from 'node:child_process';

export type ContainerRuntime =
  { readonly available: true } | { readonly available: false; readonly reason: string };

/**
 * Whether testcontainers finds a container runtime (Docker, Podman, DOCKER_HOST…). Asked
 * synchronously, in a child process, so that a spec can choose between `describe` and
 * `describe.skip` before it defines its tests: Jest cannot skip tests from a `beforeAll`.
 */
export function probeContainerRuntime(timeoutMs = 15_000): ContainerRuntime {
  const script = `require(${JSON.stringify(require.resolve('testcontainers'))})
    .getContainerRuntimeClient()
    .then(() => process.exit(0), (error) => { process.stderr.write(String(error?.message ?? error)); process.exit(1); });`;
  try {
    execFileSync(process.execPath, ['-e', script], {
      timeout: timeoutMs,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return { available: true };
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message?: string };
    return { available: false, reason: stderr?.toString().trim() || String(message) };
  }
}

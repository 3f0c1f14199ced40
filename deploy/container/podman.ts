// How this project calls podman, in one place: the flags that work on a machine with no Docker
// engine and no container network of its own (Debian's podman 4.3 as root, runc as the runtime,
// overlay storage), for building, running and saving the image.
import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Global flags, before the subcommand: runc, named, so that a crun installed later (podman's first
 * choice when present) changes nothing. Storage is podman's default, overlay; where overlay does
 * not work (a nested container without fuse-overlayfs), `driver = "vfs"` in
 * /etc/containers/storage.conf switches every podman call, base-image.sh's included.
 */
export const PODMAN_GLOBAL: readonly string[] = ['--runtime', 'runc'];

/**
 * `podman run` flags: explicit limits (without them podman asks for its own open-files default,
 * which runc may not set in these machines' sandbox: "error setting rlimit type 7"), and host
 * networking — never a bridge network, whose private addresses are not for the machines this runs
 * on. The server then listens on the host's own ports: every container is given its own PORT and
 * MQTT_PORT.
 */
export const RUN_FLAGS: readonly string[] = [
  '--ulimit',
  'nofile=20000:20000',
  '--ulimit',
  'nproc=1000:1000',
  '--network',
  'host',
];

/**
 * `podman build` flags: offline (no pull, no network for RUN steps); the Docker image format, the
 * only one with a HEALTHCHECK field; no image committed per instruction (the release's layer
 * changes with every commit, so a cache would not be reused, and those commits took half of a
 * 90 s build here; with them off the build takes about 50 s).
 */
export const BUILD_FLAGS: readonly string[] = [
  '--pull=never',
  '--network',
  'none',
  '--format',
  'docker',
  '--layers=false',
];

export type PodmanResult = { status: number; stdout: string; stderr: string };

/** Runs podman with the global flags; never throws on a non-zero exit. */
export function podman(args: string[], options: { input?: string; timeoutMs?: number } = {}): PodmanResult {
  const r = spawnSync('podman', [...PODMAN_GLOBAL, ...args], {
    encoding: 'utf8',
    input: options.input,
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 2 ** 20,
  });
  return { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? (r.error ? String(r.error) : '') };
}

/** Runs podman with the global flags, its output shown; throws when it fails. */
export function podmanInherit(args: string[]): void {
  execFileSync('podman', [...PODMAN_GLOBAL, ...args], { stdio: 'inherit' });
}

/** Whether a command is on the PATH (podman, skopeo, mmdebstrap). */
export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

// The Kubernetes files as `kubectl kustomize` renders each overlay: every object checked against the
// Kubernetes schema of its kind (the kubernetes-models package), the probes on the server's real
// health routes (from its OpenAPI document), the drain inside the grace period, and what each
// overlay promises (one instance on a volume; several on PostgreSQL, Redis and an external broker,
// after the migration Job). No cluster here: nothing is applied.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const K8S = path.join(REPO, 'deploy', 'k8s');
const VERSION = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasKubectl && process.env.CI) throw new Error('kubectl is missing (Debian: apt-get install kubernetes-client)');
if (!hasKubectl) console.warn('kubectl is missing (apt-get install kubernetes-client): the overlays are not rendered');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

/** Each kind the overlays hold, with the model class that checks it. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Checks one object against its kind's schema; throws naming the object and what is wrong. */
function validate(manifest: Manifest) {
  const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest as never).validate();
}

const renders = new Map<string, Promise<Manifest[]>>();
/** The objects `kubectl kustomize` renders for a folder (once per folder; nothing changes them). */
const render = (folder: string) => {
  const known = renders.get(folder);
  if (known) return known;
  const rendering = kustomize(folder);
  renders.set(folder, rendering);
  return rendering;
};

const kustomize = (folder: string) =>
  new Promise<Manifest[]>((resolve, reject) =>
    execFile('kubectl', ['kustomize', folder], { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`kubectl kustomize ${folder} failed: ${stderr}`));
      resolve(parseAllDocuments(stdout).map((document) => document.toJS() as Manifest));
    }),
  );

/** The paths of the API's operations, by operationId, from the server's committed OpenAPI document. */
const operationPaths = (() => {
  const openapi = JSON.parse(readFileSync(path.join(REPO, 'apps', 'server', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const byId = new Map<string, string>();
  for (const [route, operations] of Object.entries(openapi.paths))
    for (const operation of Object.values(operations))
      if (operation.operationId) byId.set(operation.operationId, route);
  return byId;
})();

function one<T extends Manifest>(manifests: Manifest[], kind: string, name: string): T {
  const found = manifests.filter((m) => m.kind === kind && m.metadata.name.startsWith(name));
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0] as T;
}

type DeploymentManifest = Manifest & {
  spec: {
    replicas: number;
    strategy?: { type: string; rollingUpdate?: { maxUnavailable: number; maxSurge: number } };
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: IPodSpec };
  };
};
type JobManifest = Manifest & { spec: { template: { spec: IPodSpec } } };
type ConfigMapManifest = Manifest & { data: Record<string, string> };
type ServiceManifest = Manifest & {
  spec: { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string }[] };
};

const consoleContainer = (deployment: DeploymentManifest): IContainer => {
  const container = deployment.spec.template.spec.containers.find((c) => c.name === 'console');
  if (!container) throw new Error('no console container');
  return container;
};

/** The settings a container gets from the ConfigMap it names (the generated, hashed one). */
function settingsOf(manifests: Manifest[], container: IContainer): Record<string, string> {
  const names = (container.envFrom ?? []).flatMap((source) => (source.configMapRef ? [source.configMapRef.name] : []));
  expect(names).toHaveLength(1);
  return one<ConfigMapManifest>(manifests, 'ConfigMap', names[0] ?? '').data;
}

describe.skipIf(!hasKubectl)('deploy/k8s overlays', () => {
  test('a schema violation is caught (the check can fail)', () => {
    const broken: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: {
        selector: { matchLabels: { app: 'x' } },
        template: {
          metadata: { labels: { app: 'x' } },
          spec: { containers: [{ name: 'c', image: 'i', readinessProbe: { httpGet: { path: '/x' } } }] },
        },
      },
    };
    expect(() => validate(broken)).toThrow(/readinessProbe\/httpGet must have required property port/);
  });

  describe.each(['single', 'cluster'])('overlays/%s', (overlay) => {
    test('renders, and every object passes its kind’s schema', async () => {
      const manifests = await render(path.join(K8S, 'overlays', overlay));
      expect(manifests.length).toBeGreaterThan(5);
      for (const manifest of manifests)
        expect(() => validate(manifest), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
      // Secrets are never in these files: the site creates patrol-console-secrets itself.
      expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
      for (const manifest of manifests) expect((manifest.metadata as { namespace?: string }).namespace).toBe('patrol');
    });

    test('probes the server’s real health routes on its HTTP port, and drains before it is killed', async () => {
      const manifests = await render(path.join(K8S, 'overlays', overlay));
      const deployment = one<DeploymentManifest>(manifests, 'Deployment', 'patrol-console');
      const container = consoleContainer(deployment);
      const settings = settingsOf(manifests, container);
      const ready = operationPaths.get('getReadiness');
      const live = operationPaths.get('getLiveness');
      expect(ready).toBe('/api/health/ready');
      expect(live).toBe('/api/health/live');
      expect(container.readinessProbe?.httpGet?.path).toBe(ready);
      expect(container.livenessProbe?.httpGet?.path).toBe(live);
      expect(container.startupProbe?.httpGet?.path).toBe(live);
      const http = container.ports?.find((port) => port.name === 'http');
      expect(http?.containerPort).toBe(Number(settings.PORT));
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
        expect(probe?.httpGet?.port).toBe('http');

      // SIGTERM: readiness 503 at once, out of the endpoints within period × threshold, which
      // must fit in the drain; then the close, well before the grace period ends in SIGKILL.
      const drainMs = Number(settings.SHUTDOWN_DRAIN_MS);
      const readiness = container.readinessProbe ?? {};
      expect((readiness.periodSeconds ?? 10) * (readiness.failureThreshold ?? 3) * 1000).toBeLessThan(drainMs);
      expect((deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThanOrEqual(
        drainMs + 15_000,
      );
      expect(container.lifecycle?.preStop).toBeUndefined();
    });

    test('runs as uid 10001 on a read-only root, writing only its data folder and /tmp', async () => {
      const manifests = await render(path.join(K8S, 'overlays', overlay));
      const deployment = one<DeploymentManifest>(manifests, 'Deployment', 'patrol-console');
      const pods: IPodSpec[] = [deployment.spec.template.spec];
      const job = manifests.find((m) => m.kind === 'Job') as JobManifest | undefined;
      if (job) pods.push(job.spec.template.spec);
      for (const pod of pods) {
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001 });
        for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
          expect(container.image).toBe(`patrol-console:${VERSION}`);
          expect(container.securityContext).toMatchObject({
            readOnlyRootFilesystem: true,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          });
          const settings = settingsOf(manifests, container);
          const mounts = (container.volumeMounts ?? []).map((mount) => mount.mountPath).sort();
          expect(mounts).toEqual([settings.DATA_DIR, '/tmp'].sort());
          expect(container.envFrom).toContainEqual({ secretRef: { name: 'patrol-console-secrets' } });
        }
      }
    });

    test('its Services, Ingress and PodDisruptionBudget reach the console’s pods and ports', async () => {
      const manifests = await render(path.join(K8S, 'overlays', overlay));
      const deployment = one<DeploymentManifest>(manifests, 'Deployment', 'patrol-console');
      const podLabels = deployment.spec.template.metadata.labels;
      const portNames = new Set((consoleContainer(deployment).ports ?? []).map((port) => port.name));
      const settings = settingsOf(manifests, consoleContainer(deployment));
      const services = manifests.filter((m): m is ServiceManifest => m.kind === 'Service');
      for (const service of services) {
        expect(podLabels).toMatchObject(service.spec.selector);
        for (const port of service.spec.ports) expect(portNames, service.metadata.name).toContain(port.targetPort);
      }
      const metrics = one<ServiceManifest>(manifests, 'Service', 'patrol-console-metrics');
      expect(metrics.spec.ports[0]?.port).toBe(Number(settings.METRICS_PORT));
      // Prometheus's Kubernetes scrape config finds the pods through this Service's DNS name.
      const scrape = readFileSync(path.join(REPO, 'deploy', 'monitoring', 'prometheus-kubernetes.yml'), 'utf8');
      const namespace = (metrics.metadata as { namespace?: string }).namespace;
      expect(scrape).toContain(`names: ['patrol-console-metrics.${namespace}.svc.cluster.local']`);
      expect(scrape).toContain(`port: ${settings.METRICS_PORT}`);
      const ingress = one<
        Manifest & {
          spec: { rules: { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[] };
        }
      >(manifests, 'Ingress', 'patrol-console');
      const backend = ingress.spec.rules[0]?.http.paths[0]?.backend.service;
      const target = services.find((service) => service.metadata.name === backend?.name);
      expect(target?.spec.ports.map((port) => port.name)).toContain(backend?.port.name);
      // The Ingress never reaches /metrics: the HTTP Service does not carry the metrics port.
      expect(target?.spec.ports.map((port) => port.targetPort)).not.toContain('metrics');
      const budget = one<Manifest & { spec: { selector: { matchLabels: Record<string, string> } } }>(
        manifests,
        'PodDisruptionBudget',
        'patrol-console',
      );
      expect(podLabels).toMatchObject(budget.spec.selector.matchLabels);
    });
  });

  test('single: one replica on the embedded database, on a volume, replaced by Recreate', async () => {
    const manifests = await render(path.join(K8S, 'overlays', 'single'));
    const deployment = one<DeploymentManifest>(manifests, 'Deployment', 'patrol-console');
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy).toEqual({ type: 'Recreate' });
    const settings = settingsOf(manifests, consoleContainer(deployment));
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.MQTT_URL).toBeUndefined();
    const data = deployment.spec.template.spec.volumes?.find((volume) => volume.name === 'data');
    expect(data).toEqual({ name: 'data', persistentVolumeClaim: { claimName: 'patrol-console-data' } });
    one(manifests, 'PersistentVolumeClaim', 'patrol-console-data');
    // The server migrates its own embedded database at start: no Job holds the volume.
    expect(manifests.filter((m) => m.kind === 'Job')).toEqual([]);
    // Robots reach the embedded broker.
    const mqtt = one<ServiceManifest>(manifests, 'Service', 'patrol-console-mqtt');
    expect(mqtt.spec.ports[0]).toMatchObject({ port: Number(settings.MQTT_PORT), targetPort: 'mqtt' });
  });

  test('cluster: several replicas on the external broker and shared files, after the migration Job', async () => {
    const manifests = await render(path.join(K8S, 'overlays', 'cluster'));
    const deployment = one<DeploymentManifest>(manifests, 'Deployment', 'patrol-console');
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxUnavailable: 0, maxSurge: 1 },
    });
    const settings = settingsOf(manifests, consoleContainer(deployment));
    expect(settings.MQTT_URL).toMatch(/^mqtts?:\/\//);
    expect(settings.MQTT_SHARE_GROUP).toBe('patrol-server');
    expect(settings.FILE_STORAGE).toBe('database');
    const job = one<JobManifest>(manifests, 'Job', 'patrol-console-migrate');
    expect(job.spec.template.spec.containers[0]?.args).toEqual(['migrate']);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    // Each pod waits for the Job: migration-status exits non-zero while migrations are pending.
    const wait = deployment.spec.template.spec.initContainers ?? [];
    expect(wait.map((container) => container.args)).toEqual([['migration-status']]);
    expect(manifests.filter((m) => m.kind === 'PersistentVolumeClaim')).toEqual([]);
  });
});

import { useEffect, useRef, useState } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { DecodedPointCloud } from '@patrol/contracts';
import { cloudBounds, colorize, type Bounds, type ColorMode, type ValueRange } from './point-colors';

/** What the viewer keeps between renders: one renderer, scene, camera and controls for its life. */
type Stage = {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  /** Draws one frame at the next animation frame (several requests before it make one frame). */
  requestRender: () => void;
};

/** The cloud on the stage: one BufferGeometry of all its points, one material. */
type Shown = {
  points: Points<BufferGeometry, PointsMaterial>;
  bounds: Bounds | null;
  colors: Uint8Array;
  /**
   * A copy of at most MOVING_MAX_POINTS of the points (every `step`-th, in `spreadOrder`), drawn
   * instead while the view moves; its first `budget` points are drawn (clouds above MOVING_MIN_POINTS).
   */
  coarse: { points: Points<BufferGeometry, PointsMaterial>; colors: Uint8Array; picked: Uint32Array } | null;
};

/** At most this many points are drawn while the view moves; the whole cloud when it stops. */
export const MOVING_MAX_POINTS = 250_000;
/** The fewest points drawn while the view moves (and clouds this small are always drawn whole). */
export const MOVING_MIN_POINTS = 20_000;
/**
 * Frame times (ms) between which the moving view keeps its number of points: above the first it
 * draws fewer (the device is slow, as a computer without a graphics card is), below the second more.
 */
const MOVING_SLOW_MS = 24;
const MOVING_FAST_MS = 15;

/**
 * The indexes 0 … n−1 in bit-reversed order: any first k of them are spread evenly over the n, so
 * drawing the first k points of a copy in this order shows the whole cloud, thinner.
 */
export function spreadOrder(n: number): Uint32Array {
  const out = new Uint32Array(n);
  let bits = 0;
  while (2 ** bits < n) bits += 1;
  for (let i = 0, j = 0; j < n; i += 1) {
    let reversed = 0;
    for (let b = 0, v = i; b < bits; b += 1, v >>>= 1) reversed = (reversed << 1) | (v & 1);
    if (reversed < n) out[j++] = reversed;
  }
  return out;
}

/** The records of `values` (of `size` values each) at `indexes`, in that order. */
function pick<T extends Float32Array | Uint8Array>(
  values: T,
  size: number,
  indexes: Uint32Array,
  make: (n: number) => T,
): T {
  const out = make(indexes.length * size);
  for (let j = 0; j < indexes.length; j++)
    for (let k = 0; k < size; k++) out[j * size + k] = values[indexes[j]! * size + k]!;
  return out;
}

/** The points of a cloud of `count` drawn while the view moves: every step-th, spread, or none for a small cloud. */
export function movingPoints(count: number): Uint32Array | null {
  if (count <= MOVING_MIN_POINTS) return null;
  const step = Math.ceil(count / MOVING_MAX_POINTS);
  const order = spreadOrder(Math.ceil(count / step));
  for (let j = 0; j < order.length; j++) order[j] = order[j]! * step;
  return order;
}

/** Shows the thinned copy while the view moves (`moving`), the whole cloud otherwise. */
function setMoving(shown: Shown | null, moving: boolean) {
  if (!shown?.coarse) return;
  shown.coarse.points.visible = moving;
  shown.points.visible = !moving;
}

/** The colour behind the points. */
function paintBackground(stage: Stage, color: string) {
  stage.scene.background = new Color(color);
  stage.requestRender();
}

/** Puts the camera above and beside the cloud, looking at its middle, so the whole of it shows. */
function fitView(stage: Stage, bounds: Bounds | null) {
  const min = new Vector3(...(bounds?.min ?? [-1, -1, -1]));
  const max = new Vector3(...(bounds?.max ?? [1, 1, 1]));
  const center = min.clone().add(max).multiplyScalar(0.5);
  const radius = Math.max(0.5, max.distanceTo(min) / 2);
  const distance = radius / Math.sin(((stage.camera.fov / 2) * Math.PI) / 180);
  stage.camera.near = Math.max(0.01, distance / 1000);
  stage.camera.far = distance * 10;
  stage.camera.position.set(center.x - distance * 0.55, center.y - distance * 0.65, center.z + distance * 0.55);
  stage.camera.updateProjectionMatrix();
  stage.controls.target.copy(center);
  stage.controls.update();
  stage.requestRender();
}

export type PointCloudViewerProps = {
  cloud: DecodedPointCloud;
  mode: ColorMode;
  /** Point size in CSS pixels. */
  pointSize: number;
  /** Changing it puts the view back where it started. */
  resetKey: number;
  /** The canvas's accessible name. */
  label: string;
  /** The colour background of the drawing, from the theme. */
  background: string;
  /** The range the ramp spans in the mode shown (null for the file's own colours). */
  onColored?: (range: ValueRange | null, mode: ColorMode) => void;
  /** WebGL is not available. */
  onUnavailable?: () => void;
};

/**
 * A three.js view of one point cloud: all its points in one BufferGeometry drawn as points, orbit
 * controls (mouse, touch, and the keyboard on the focused canvas: arrows pan, Shift+arrows turn,
 * + and - zoom). It draws on demand (a control moved, a setting changed, a resize), never in a
 * loop; while a drag or a wheel turn moves the view, a cloud above MOVING_MIN_POINTS is drawn
 * thinned (at most MOVING_MAX_POINTS, fewer when frames come slowly, down to MOVING_MIN_POINTS), and
 * whole again when the view stops. It disposes of the
 * geometries and material when another cloud comes and of everything when it goes.
 */
export function PointCloudViewer({
  cloud,
  mode,
  pointSize,
  resetKey,
  label,
  background,
  onColored,
  onUnavailable,
}: PointCloudViewerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const shownRef = useRef<Shown | null>(null);
  const onColoredRef = useRef(onColored);
  const onUnavailableRef = useRef(onUnavailable);
  useEffect(() => {
    onColoredRef.current = onColored;
    onUnavailableRef.current = onUnavailable;
  }, [onColored, onUnavailable]);

  // The renderer, camera and controls, once.
  useEffect(() => {
    const box = boxRef.current!;
    let renderer: WebGLRenderer;
    try {
      // preserveDrawingBuffer: the picture can be read back (tests, a screenshot of the canvas).
      renderer = new WebGLRenderer({
        antialias: false,
        preserveDrawingBuffer: true,
        powerPreference: 'high-performance',
      });
    } catch {
      onUnavailableRef.current?.();
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const canvas = renderer.domElement;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    canvas.className = 'pc-viewer__canvas';
    box.appendChild(canvas);
    const scene = new Scene();
    const camera = new PerspectiveCamera(50, 1, 0.1, 1000);
    // Scans are z-up (the robot's frame); the orbit turns about z.
    camera.up.set(0, 0, 1);
    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = false;
    controls.listenToKeyEvents(canvas);
    controls.keyPanSpeed = 14;

    let frame = 0;
    // While the view moves, the time from one drawn frame to the next sets how many points the
    // next draws: fewer on a slow device, more again when frames come fast (kept between drags).
    let moving = false;
    let lastDrawn = 0;
    let budget = MOVING_MAX_POINTS;
    const requestRender = () => {
      if (frame) return;
      frame = requestAnimationFrame((now) => {
        frame = 0;
        const coarse = shownRef.current?.coarse;
        if (moving && coarse) {
          const took = now - lastDrawn;
          // A pause of a second or more is the hand resting, not a slow frame.
          if (lastDrawn && took < 1000) {
            // Points cost about alike: a frame twice too slow halves them (a quarter at most at once).
            if (took > MOVING_SLOW_MS)
              budget = Math.max(MOVING_MIN_POINTS, Math.round(budget * Math.max(0.25, MOVING_FAST_MS / took)));
            else if (took < MOVING_FAST_MS) budget = Math.min(MOVING_MAX_POINTS, Math.round(budget * 1.2));
          }
          coarse.points.geometry.setDrawRange(0, Math.min(budget, coarse.picked.length));
          canvas.dataset.movingPoints = String(Math.min(budget, coarse.picked.length));
          lastDrawn = now;
        } else lastDrawn = 0;
        renderer.render(scene, camera);
      });
    };
    controls.addEventListener('change', requestRender);
    // A drag or a wheel turn: the thinned copy while it lasts, then the whole cloud once more.
    const start = () => {
      moving = true;
      setMoving(shownRef.current, true);
      requestRender();
    };
    const end = () => {
      moving = false;
      setMoving(shownRef.current, false);
      requestRender();
    };
    controls.addEventListener('start', start);
    controls.addEventListener('end', end);
    const zoomKeys = (event: KeyboardEvent) => {
      if (event.key === '+' || event.key === '=') controls.dollyIn(1.2);
      else if (event.key === '-' || event.key === '_') controls.dollyOut(1.2);
      else return;
      event.preventDefault();
    };
    canvas.addEventListener('keydown', zoomKeys);

    const resize = () => {
      const width = Math.max(1, box.clientWidth);
      const height = Math.max(1, box.clientHeight);
      renderer.setSize(width, height, false);
      canvas.style.width = '100%';
      canvas.style.height = '100%';
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    resize();
    setStage({ renderer, scene, camera, controls, requestRender });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      canvas.removeEventListener('keydown', zoomKeys);
      controls.removeEventListener('change', requestRender);
      controls.removeEventListener('start', start);
      controls.removeEventListener('end', end);
      controls.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
      setStage(null);
    };
  }, []);

  // The cloud: one geometry and one material, replaced (and disposed of) when another comes.
  useEffect(() => {
    if (!stage) return;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(cloud.positions, 3));
    const colors = new Uint8Array(cloud.points * 3);
    geometry.setAttribute('color', new BufferAttribute(colors, 3, true));
    const bounds = cloudBounds(cloud.positions);
    // Bounds from the finite points only: three's own would turn NaN on a scan's missing returns.
    const center = bounds
      ? new Vector3(...bounds.min).add(new Vector3(...bounds.max)).multiplyScalar(0.5)
      : new Vector3();
    const sphere = new Sphere(center, bounds ? new Vector3(...bounds.max).distanceTo(center) : 1);
    geometry.boundingSphere = sphere;
    const material = new PointsMaterial({ vertexColors: true, sizeAttenuation: false, size: 2 });
    const points = new Points(geometry, material);
    points.frustumCulled = false;
    stage.scene.add(points);
    let coarse: Shown['coarse'] = null;
    const picked = movingPoints(cloud.points);
    if (picked) {
      const thinGeometry = new BufferGeometry();
      thinGeometry.setAttribute(
        'position',
        new BufferAttribute(
          pick(cloud.positions, 3, picked, (n) => new Float32Array(n)),
          3,
        ),
      );
      const thinColors = new Uint8Array(picked.length * 3);
      thinGeometry.setAttribute('color', new BufferAttribute(thinColors, 3, true));
      thinGeometry.boundingSphere = sphere.clone();
      const thinPoints = new Points(thinGeometry, material);
      thinPoints.frustumCulled = false;
      thinPoints.visible = false;
      stage.scene.add(thinPoints);
      coarse = { points: thinPoints, colors: thinColors, picked };
    }
    shownRef.current = { points, bounds, colors, coarse };
    fitView(stage, bounds);
    return () => {
      stage.scene.remove(points);
      geometry.dispose();
      if (coarse) {
        stage.scene.remove(coarse.points);
        coarse.points.geometry.dispose();
      }
      material.dispose();
      shownRef.current = null;
    };
  }, [stage, cloud]);

  // The colours of the mode, written into the same attribute.
  useEffect(() => {
    const shown = shownRef.current;
    if (!stage || !shown) return;
    const result = colorize(cloud, mode, shown.colors);
    const attribute = shown.points.geometry.getAttribute('color') as BufferAttribute;
    attribute.needsUpdate = true;
    if (shown.coarse) {
      const { colors, picked } = shown.coarse;
      colors.set(pick(shown.colors, 3, picked, (n) => new Uint8Array(n)));
      (shown.coarse.points.geometry.getAttribute('color') as BufferAttribute).needsUpdate = true;
    }
    onColoredRef.current?.(result.range, result.mode);
    stage.requestRender();
  }, [stage, cloud, mode]);

  useEffect(() => {
    const shown = shownRef.current;
    if (!stage || !shown) return;
    shown.points.material.size = pointSize * stage.renderer.getPixelRatio();
    stage.requestRender();
  }, [stage, cloud, pointSize]);

  useEffect(() => {
    if (stage) paintBackground(stage, background);
  }, [stage, background]);

  useEffect(() => {
    if (stage && resetKey > 0) fitView(stage, shownRef.current?.bounds ?? null);
  }, [stage, resetKey]);

  useEffect(() => {
    stage?.renderer.domElement.setAttribute('aria-label', label);
  }, [stage, label]);

  return <div ref={boxRef} className="pc-viewer" data-testid="point-cloud-viewer" />;
}

// Where an image map's <area> is drawn. An <area> has no box of its own (getBoundingClientRect is
// 0x0 at the <map>), yet a person clicks it on the image that uses its map: its shape and coords
// say where. The snapshot gives an area link a ref through this box, and a click lands on the
// image at a point inside the shape (Playwright cannot click an <area> at all).
import { getElementComputedStyle } from './style';
import { enclosingShadowRootOrDocument } from './composed-tree';
import { cached, passCache } from './pass-cache';

export interface AreaBox {
  /** The image the area is drawn on. */
  image: HTMLImageElement;
  /** The shape's bounding box, in viewport CSS px, clipped to the image. */
  rect: { x: number; y: number; width: number; height: number };
  /** A point inside the shape, in viewport CSS px. */
  point: { x: number; y: number };
}

export function isArea(element: Element): boolean {
  return element.localName === 'area' && element.namespaceURI === 'http://www.w3.org/1999/xhtml';
}

const imagesCache = passCache<Element, HTMLImageElement[]>();

/**
 * html "rules for parsing a hash-name reference": `#name` names the first <map> in tree order whose
 * id or name is `name`; the images of `map` are those whose usemap resolves to it. Once per map and
 * pass: every area of a map asks.
 */
function imagesUsing(map: Element): HTMLImageElement[] {
  return cached(imagesCache, map, () => findImagesUsing(map));
}

function findImagesUsing(map: Element): HTMLImageElement[] {
  const scope = enclosingShadowRootOrDocument(map);
  if (!scope) return [];
  const maps = Array.from(scope.querySelectorAll('map'));
  const found: HTMLImageElement[] = [];
  for (const image of Array.from(scope.querySelectorAll('img[usemap]')) as HTMLImageElement[]) {
    const usemap = image.getAttribute('usemap') ?? '';
    const hash = usemap.indexOf('#');
    if (hash < 0) continue;
    const name = usemap.slice(hash + 1);
    if (!name) continue;
    const target = maps.find(m => m.getAttribute('id') === name || m.getAttribute('name') === name);
    if (target === map) found.push(image);
  }
  return found;
}

/** html "rules for parsing a list of floating-point numbers", as browsers read coords: any run of non-number characters separates. */
function parseCoords(value: string): number[] {
  return (value.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? []).map(Number).filter(Number.isFinite);
}

type Shape = { kind: 'rect'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'poly'; points: Array<[number, number]> }
  | { kind: 'default' };

/** html "image maps, shapes": the shape and its coordinates; undefined when they describe nothing (the area is then not drawn). */
function shapeOf(area: Element): Shape | undefined {
  const kind = (area.getAttribute('shape') ?? 'rect').trim().toLowerCase();
  const c = parseCoords(area.getAttribute('coords') ?? '');
  if (kind === 'default') return { kind: 'default' };
  if (kind === 'circle' || kind === 'circ') {
    if (c.length < 3 || c[2]! <= 0) return undefined;
    return { kind: 'circle', cx: c[0]!, cy: c[1]!, r: c[2]! };
  }
  if (kind === 'poly' || kind === 'polygon') {
    if (c.length < 6) return undefined;
    const points: Array<[number, number]> = [];
    for (let i = 0; i + 1 < c.length; i += 2) points.push([c[i]!, c[i + 1]!]);
    return { kind: 'poly', points };
  }
  // rect, rectangle, and (html: "the missing value default and invalid value default") anything else.
  if (c.length < 4) return undefined;
  return { kind: 'rect', x1: Math.min(c[0]!, c[2]!), y1: Math.min(c[1]!, c[3]!), x2: Math.max(c[0]!, c[2]!), y2: Math.max(c[1]!, c[3]!) };
}

function insidePolygon(x: number, y: number, points: Array<[number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Bounding box and an inner point of the shape, in image coordinates. */
function shapeGeometry(shape: Shape, width: number, height: number): { box: [number, number, number, number]; point: [number, number] } | undefined {
  if (shape.kind === 'default') return { box: [0, 0, width, height], point: [width / 2, height / 2] };
  if (shape.kind === 'rect') return { box: [shape.x1, shape.y1, shape.x2, shape.y2], point: [(shape.x1 + shape.x2) / 2, (shape.y1 + shape.y2) / 2] };
  if (shape.kind === 'circle') return { box: [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r], point: [shape.cx, shape.cy] };
  const xs = shape.points.map(p => p[0]);
  const ys = shape.points.map(p => p[1]);
  const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  // A concave polygon's center may lie outside it: look for an inner point on a grid over its box.
  const steps = 8;
  for (let i = 0; i <= steps * steps; i++) {
    const fx = i === 0 ? 0.5 : ((i - 1) % steps + 0.5) / steps;
    const fy = i === 0 ? 0.5 : (Math.floor((i - 1) / steps) + 0.5) / steps;
    const x = box[0] + (box[2] - box[0]) * fx;
    const y = box[1] + (box[3] - box[1]) * fy;
    if (insidePolygon(x, y, shape.points)) return { box, point: [x, y] };
  }
  return undefined;
}

/** Where `area` is drawn: on the first rendered image that uses its map; undefined when none shows it. */
export function areaBox(area: Element): AreaBox | undefined {
  const map = area.closest('map');
  if (!map) return undefined;
  const shape = shapeOf(area);
  if (!shape) return undefined;
  for (const image of imagesUsing(map)) {
    const style = getElementComputedStyle(image);
    if (!style || style.visibility !== 'visible') continue;
    const outer = image.getBoundingClientRect();
    if (outer.width <= 0 || outer.height <= 0) continue;
    // Coords count CSS px from the image's top left corner, inside its border and padding.
    const padLeft = parseFloat(style.paddingLeft) || 0;
    const padTop = parseFloat(style.paddingTop) || 0;
    const left = outer.left + image.clientLeft + padLeft;
    const top = outer.top + image.clientTop + padTop;
    const width = image.clientWidth - padLeft - (parseFloat(style.paddingRight) || 0);
    const height = image.clientHeight - padTop - (parseFloat(style.paddingBottom) || 0);
    const geometry = shapeGeometry(shape, width, height);
    if (!geometry) continue;
    const x1 = Math.max(geometry.box[0], 0);
    const y1 = Math.max(geometry.box[1], 0);
    const x2 = Math.min(geometry.box[2], width);
    const y2 = Math.min(geometry.box[3], height);
    if (x2 <= x1 || y2 <= y1) continue;
    const px = Math.min(Math.max(geometry.point[0], x1), x2);
    const py = Math.min(Math.max(geometry.point[1], y1), y2);
    return { image, rect: { x: left + x1, y: top + y1, width: x2 - x1, height: y2 - y1 }, point: { x: left + px, y: top + py } };
  }
  return undefined;
}

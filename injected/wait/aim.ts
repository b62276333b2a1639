// Where a click on an element should land, decided before acting. Design systems hide the native
// checkbox or radio (react-aria's VisuallyHidden: clipped to 1px; Bootstrap and Chakra: opacity 0
// behind a styled label; off-screen inputs with label[for]) and draw the control in its label. A
// person clicks the label; Playwright waits 5 s for the hidden input to receive the click and then
// blames the label for "intercepting" it. So: the element itself when a click at its center
// reaches it; its label's visible part when the element is such a hidden control or its own label
// is drawn over it; the covering element when an unrelated one is.
import type { CoveringElement, PointerAim } from '../types';
import { beginAriaCaches, endAriaCaches } from '../dom/pass-cache';
import { getElementComputedStyle } from '../dom/style';
import { getIdRefs, parentElementOrShadowHost } from '../dom/composed-tree';
import { getAriaChecked } from '../aria/states';
import { deepElementFromPoint, describeHit, refOf } from './hit-target';
import { areaBox, isArea } from '../dom/image-map';
import { armPointerGuard } from './pointer-guard';

interface Point { x: number; y: number }

function centerOf(element: Element): Point {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function inViewport(point: Point): boolean {
  return point.x >= 0 && point.y >= 0 && point.x < innerWidth && point.y < innerHeight;
}

/** `node` is `ancestor` or inside it, across shadow roots. */
function isInside(node: Element, ancestor: Element): boolean {
  for (let at: Element | null = node; at; at = parentElementOrShadowHost(at)) if (at === ancestor) return true;
  return false;
}

/** A native form control, which a <label> activates: what design systems hide inside their labels. */
function isNativeControl(element: Element): element is HTMLInputElement {
  const tag = element.localName;
  if (tag === 'select' || tag === 'textarea') return true;
  return tag === 'input' && (element as HTMLInputElement).type !== 'hidden';
}

/** The element's labels, the ones a person would click first: enclosing <label>, label[for], aria-labelledby. */
function ownLabels(target: Element): Element[] {
  const found: Element[] = [];
  const add = (label: Element | null | undefined) => { if (label && label !== target && !found.includes(label)) found.push(label); };
  add(target.closest('label'));
  const labels = (target as HTMLInputElement).labels;
  if (labels) for (let i = 0; i < labels.length; i++) add(labels[i]);
  for (const label of getIdRefs(target, 'aria-labelledby')) add(label);
  return found;
}

function zeroClip(style: CSSStyleDeclaration): boolean {
  const rect = /^rect\(([^)]*)\)$/.exec(style.clip ?? '');
  if (rect) {
    const [top, right, bottom, left] = rect[1]!.split(/[\s,]+/).map(v => parseFloat(v));
    if (right! - left! <= 1 || bottom! - top! <= 1) return true;
  }
  const inset = /^inset\(\s*([\d.]+)%/.exec(style.clipPath ?? '');
  return !!inset && parseFloat(inset[1]!) >= 50;
}

/** `element` is clipped to nothing by itself or an ancestor: a zero clip, or a 1px box that hides its overflow (VisuallyHidden wrappers). */
function clippedAway(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElementOrShadowHost(node)) {
    const style = getElementComputedStyle(node);
    if (!style) return false;
    if (zeroClip(style)) return true;
    if (node === element || (style.overflowX === 'visible' && style.overflowY === 'visible')) continue;
    const rect = node.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return true;
  }
  return false;
}

/** Why a native control cannot be seen where it is (clipped, 1px, opacity 0, off-screen); undefined when it can. */
function visuallyHidden(target: Element, center: Point): string | undefined {
  if (clippedAway(target)) return 'clipped';
  const rect = target.getBoundingClientRect();
  if (rect.width <= 1 || rect.height <= 1) return `${Math.round(rect.width)}x${Math.round(rect.height)} px`;
  for (let node: Element | null = target; node; node = parentElementOrShadowHost(node)) {
    const opacity = getElementComputedStyle(node)?.opacity;
    if (opacity !== undefined && parseFloat(opacity) === 0) return 'opacity: 0';
  }
  if (!inViewport(center)) return 'off-screen';
  return undefined;
}

/** What of `label` a click can land on: its own box, or (an empty box: display:contents, 0x0) its first visible descendant. */
function visiblePart(label: Element, target: Element): Element | undefined {
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const style = getElementComputedStyle(element);
    return rect.width > 0 && rect.height > 0 && style?.visibility !== 'hidden' && !clippedAway(element);
  };
  if (shown(label)) return label;
  const walker = document.createTreeWalker(label, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (isInside(node, target)) continue;
    if (shown(node)) return node;
  }
  return undefined;
}

/** The first label part a click at its center reaches (and that point), or what is drawn over the first one it does not. */
function clickableLabel(labels: Element[], target: Element): { part?: Element; point?: Point; blocker?: Element } {
  let blocker: Element | undefined;
  for (const label of labels) {
    const part = visiblePart(label, target);
    if (!part) continue;
    let center = centerOf(part);
    if (!inViewport(center)) {
      part.scrollIntoView({ block: 'center', inline: 'center' });
      center = centerOf(part);
      if (!inViewport(center)) continue;
    }
    const hit = deepElementFromPoint(center.x, center.y);
    if (hit && isInside(hit, part)) return { part, point: center };
    blocker ??= hit ?? undefined;
  }
  return { blocker };
}

function checkedState(target: Element): Pick<PointerAim, 'checked' | 'radio'> {
  const checked = getAriaChecked(target);
  if (checked === undefined) return {};
  const radio = target.localName === 'input' ? (target as HTMLInputElement).type === 'radio' : target.getAttribute('role') === 'radio';
  return radio ? { checked: checked === true, radio } : { checked: checked === true };
}

function covered(hit: Element): PointerAim {
  const cover: CoveringElement = describeHit(hit);
  return { at: 'covered', cover };
}

/** A click at `point` reaches `element` now: the aim says where, and with `guard` the guard watches that click. */
function reaching(aim: PointerAim, element: Element, point: Point, guard: boolean): PointerAim {
  aim.point = { x: point.x, y: point.y };
  if (guard) {
    armPointerGuard(element);
    aim.guarded = true;
  }
  return aim;
}

/**
 * Where a click on `target` lands (see the header). With `center`, `target` is first scrolled to
 * the middle of its scroll containers (away from sticky headers); it is also scrolled when its
 * center is out of the viewport. With `guard`, a click the driver dispatches at the point found
 * is guarded (wait/pointer-guard.ts).
 */
export function aimAt(target: Element, center: boolean, guard = false): PointerAim {
  beginAriaCaches();
  try {
    if (isArea(target)) return aimAtArea(target, center);
    let point = centerOf(target);
    if (center || !inViewport(point)) {
      target.scrollIntoView({ block: 'center', inline: 'center' });
      point = centerOf(target);
    }
    const hit = inViewport(point) ? deepElementFromPoint(point.x, point.y) : null;
    if (hit && isInside(hit, target)) return reaching({ at: 'self' }, target, point, guard);
    const labels = ownLabels(target);
    const byLabel = hit ? labels.find(label => isInside(hit, label)) : undefined;
    const hidden = isNativeControl(target) ? visuallyHidden(target, point) : undefined;
    if (byLabel || hidden) {
      // The label drawn over it first: that is where a person's click lands.
      const order = byLabel ? [byLabel, ...labels.filter(label => label !== byLabel)] : labels;
      const { part, point: at, blocker } = clickableLabel(order, target);
      const ref = part && refOf(part);
      if (ref) return reaching({ at: 'label', ref, ...checkedState(target) }, part, at!, guard);
      if (blocker && !isInside(blocker, target)) return covered(blocker);
      if (hidden) return { at: 'hidden', why: hidden };
      // Its own label is drawn over it but no part of it takes a click: never an error of its own.
      return { at: 'self' };
    }
    // Nothing there, or an ancestor drawn through it: Playwright's own checks decide.
    if (!hit || isInside(target, hit)) return { at: 'self' };
    return covered(hit);
  } finally {
    endAriaCaches();
  }
}

/** An image map's <area> has no box: the click goes to its image, at a point inside its shape. */
function aimAtArea(area: Element, center: boolean): PointerAim {
  let box = areaBox(area);
  if (!box) return { at: 'hidden', why: 'no image that uses its map is shown' };
  if (center || !inViewport(box.point)) {
    box.image.scrollIntoView({ block: 'center', inline: 'center' });
    box = areaBox(area);
    if (!box) return { at: 'hidden', why: 'no image that uses its map is shown' };
  }
  const hit = inViewport(box.point) ? deepElementFromPoint(box.point.x, box.point.y) : null;
  if (hit && hit !== area && hit !== box.image && !isInside(box.image, hit)) return covered(hit);
  const ref = refOf(box.image);
  if (!ref) return { at: 'self' };
  const outer = box.image.getBoundingClientRect();
  return { at: 'map', ref, position: { x: box.point.x - outer.left - box.image.clientLeft, y: box.point.y - outer.top - box.image.clientTop } };
}

/** The checked state of a checkbox, radio or switch (native or ARIA); undefined for other elements. */
export function checkedOf(target: Element): boolean | undefined {
  beginAriaCaches();
  try {
    return checkedState(target).checked;
  } finally {
    endAriaCaches();
  }
}

// Why an element cannot take an action right now, when the reason is a state and not a moment:
// display:none or visibility:hidden on it or an ancestor, a disabled attribute, a disabled
// fieldset, aria-disabled. Such an element does not become ready by waiting a few frames, so an
// action fails at once naming the cause, instead of waiting out Playwright's timeout.
import { parentElementOrShadowHost } from '../dom/composed-tree';
import { getAriaDisabled } from '../aria/states';
import { areaBox, isArea } from '../dom/image-map';

/** `div#wizard-step-2`, `button.primary.big`, `section`. */
export function describeElementTag(element: Element): string {
  const tag = element.localName;
  const id = element.id;
  if (id) return `${tag}#${id}`;
  const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return classes.length ? `${tag}.${classes.join('.')}` : tag;
}

function styleOf(element: Element): CSSStyleDeclaration | undefined {
  const view = element.ownerDocument.defaultView;
  return view ? view.getComputedStyle(element) : undefined;
}

/** `display: none on div#step` or `visibility: hidden on p.note`; undefined when the element is shown. */
export function hiddenReason(element: Element): string | undefined {
  // An <area> is display:none by the UA style sheet (Chromium 156 reports it so): it shows
  // where its shape is drawn on an image, so that image's display and visibility decide.
  if (isArea(element)) {
    const drawn = areaBox(element);
    return drawn ? hiddenReason(drawn.image) : `no image shows its map, or its shape lies outside it (${describeElementTag(element)})`;
  }
  // display:none anywhere up the composed tree hides it; report the element that says so.
  for (let node: Element | null = element; node; node = parentElementOrShadowHost(node)) {
    const style = styleOf(node);
    if (!style) return undefined;
    if (style.display === 'none') return `display: none on ${describeElementTag(node)}`;
  }
  const own = styleOf(element);
  if (own && (own.visibility === 'hidden' || own.visibility === 'collapse')) {
    // Inherited: name the outermost element of the hidden run, the one that set it.
    let setter: Element = element;
    for (let node = parentElementOrShadowHost(element); node; node = parentElementOrShadowHost(node)) {
      const style = styleOf(node);
      if (!style || (style.visibility !== 'hidden' && style.visibility !== 'collapse')) break;
      setter = node;
    }
    return `visibility: ${own.visibility} on ${describeElementTag(setter)}`;
  }
  return undefined;
}

const NATIVE_DISABLABLE = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

/** `disabled attribute on button`, `inside disabled fieldset#f`, `aria-disabled="true" on div#g`; undefined when enabled. */
export function disabledReason(element: Element): string | undefined {
  // The same rule as Playwright's "enabled" check and the snapshot's [disabled]; then why.
  if (!getAriaDisabled(element)) return undefined;
  const tag = element.localName;
  if (NATIVE_DISABLABLE.has(tag) && element.hasAttribute('disabled')) return `disabled attribute on ${describeElementTag(element)}`;
  if (NATIVE_DISABLABLE.has(tag) && tag !== 'fieldset') {
    const fieldset = element.closest('fieldset[disabled]');
    // The first <legend>'s contents stay enabled in a disabled fieldset.
    if (fieldset && !isInFirstLegend(element, fieldset)) return `inside disabled ${describeElementTag(fieldset)}`;
  }
  if ((tag === 'option' || tag === 'optgroup')) {
    const select = element.closest('select');
    if (select && select.hasAttribute('disabled')) return `disabled attribute on ${describeElementTag(select)}`;
  }
  for (let node: Element | null = element; node; node = parentElementOrShadowHost(node)) {
    const value = (node.getAttribute('aria-disabled') ?? '').trim().toLowerCase();
    if (value === 'false') break;
    if (value === 'true') return `aria-disabled="true" on ${describeElementTag(node)}`;
  }
  return 'disabled';
}

function isInFirstLegend(element: Element, fieldset: Element): boolean {
  let legend: Element | null = null;
  for (let child = fieldset.firstElementChild; child; child = child.nextElementSibling)
    if (child.localName === 'legend') { legend = child; break; }
  return !!legend && legend.contains(element);
}

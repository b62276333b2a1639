// HTML focusability and "actually disabled", as the role rules (presentational-role conflicts) and
// the disabled state need them.
import { elementTag } from './composed-tree';

export function isElementFocusable(element: Element): boolean {
  // Native focusability (HTML "focusable area") or an explicit tabindex.
  if (element.hasAttribute('tabindex') && !Number.isNaN(parseInt(element.getAttribute('tabindex')!, 10)))
    return !isNativelyDisabled(element);
  const tag = elementTag(element);
  if (['button', 'select', 'textarea'].includes(tag)) return !isNativelyDisabled(element);
  if (tag === 'input') return (element as HTMLInputElement).type !== 'hidden' && !isNativelyDisabled(element);
  if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) return true;
  if (tag === 'summary' && elementTag(element.parentElement ?? element) === 'details') return true;
  if ((element as HTMLElement).isContentEditable) return true;
  return false;
}

const formControls = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

/** HTML "actually disabled": the disabled attribute, or inside a disabled fieldset (not its first legend). */
export function isNativelyDisabled(element: Element): boolean {
  const tag = elementTag(element);
  if (!formControls.has(tag)) return false;
  if (element.hasAttribute('disabled')) return true;
  if (tag === 'option' || tag === 'optgroup') {
    const group = element.parentElement;
    return !!group && elementTag(group) === 'optgroup' && group.hasAttribute('disabled');
  }
  for (let fieldset = element.parentElement?.closest('fieldset[disabled]'); fieldset; fieldset = fieldset.parentElement?.closest('fieldset[disabled]')) {
    const legend = Array.from(fieldset.children).find(c => elementTag(c) === 'legend');
    if (!legend || !legend.contains(element)) return true;
  }
  return false;
}

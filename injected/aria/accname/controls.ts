// accname step 2C (embedded controls) and the role rules of step 2F (which roles take their name from content).
import { elementTag, getIdRefs } from '../../dom/composed-tree';

/** Roles whose name comes from their content even when they are the node being named (WAI-ARIA 1.2 "nameFrom: contents"). */
const nameFromContentRoles = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'comment', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'sectionhead', 'switch', 'tab', 'tooltip', 'treeitem',
]);

/**
 * Roles whose content never flows into an ancestor's name (step 2F.iii recursion), following Chromium:
 * containers of other widgets or landmarks whose text is not a label.
 */
const neverNameFromContentWhenNested = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'complementary', 'contentinfo', 'dialog', 'document',
  'feed', 'form', 'grid', 'group', 'listbox', 'log', 'main', 'marquee', 'math', 'menu', 'menubar', 'navigation', 'radiogroup',
  'scrollbar', 'search', 'slider', 'spinbutton', 'status', 'tablist', 'tabpanel', 'timer', 'toolbar', 'tree',
  'treegrid', 'progressbar', 'meter', 'textbox', 'searchbox', 'combobox',
]);

/** Step 2F condition on the role: the node itself may be named from content, or its content joins an ancestor's name. */
export function roleAllowsNameFromContent(role: string | null, nested: boolean): boolean {
  if (role && nameFromContentRoles.has(role)) return true;
  return nested && !neverNameFromContentWhenNested.has(role ?? '');
}

const rangeRoles = new Set(['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']);
/** Every role step 2C reads a value from. */
const valueRoles = new Set(['textbox', 'searchbox', 'combobox', 'listbox', ...rangeRoles]);

/** The value of an embedded control, or undefined when the node is not a value-bearing control (step 2C). */
export function embeddedControlValue(
  element: Element, role: string | null, optionText: (option: Element) => string,
): string | undefined {
  // Most nodes are no control at all: decide on the role before reading the tag.
  if (!role || !valueRoles.has(role)) return undefined;
  const tag = elementTag(element);
  // 2C: "If the embedded control has role textbox, return its value."
  if (role === 'textbox' || role === 'searchbox') {
    if (tag === 'input' || tag === 'textarea') return (element as HTMLInputElement).value;
    return element.textContent ?? '';
  }
  // 2C: "If the embedded control has role combobox or listbox, return the text alternative of the chosen option."
  if (role === 'combobox' || role === 'listbox') {
    if (tag === 'select')
      return Array.from((element as HTMLSelectElement).selectedOptions).map(optionText).join(' ');
    if (tag === 'input' || tag === 'textarea') return (element as HTMLInputElement).value;
    const selected = selectedAriaOptions(element);
    if (selected.length) return selected.map(optionText).join(' ');
    // A non-native combobox that displays its value as text (no listbox inside).
    return role === 'combobox' ? element.textContent ?? '' : '';
  }
  // 2C: "If the embedded control has role range (slider, spinbutton, ...)": aria-valuetext, then aria-valuenow, then the host value.
  if (role && rangeRoles.has(role)) {
    const valueText = element.getAttribute('aria-valuetext');
    if (valueText && valueText.trim()) return valueText;
    const valueNow = element.getAttribute('aria-valuenow');
    if (valueNow && valueNow.trim()) return valueNow;
    if (tag === 'input' || tag === 'meter' || tag === 'progress') return (element as HTMLInputElement).getAttribute('value') ?? (element as HTMLInputElement).value ?? '';
    return '';
  }
  return undefined;
}

/** Options marked aria-selected="true" in a listbox/combobox, including those it owns or controls. */
function selectedAriaOptions(element: Element): Element[] {
  const containers = [element, ...getIdRefs(element, 'aria-owns'), ...getIdRefs(element, 'aria-controls')];
  const result: Element[] = [];
  for (const container of containers) {
    for (const option of Array.from(container.querySelectorAll('[role="option"][aria-selected="true"]')))
      if (!result.includes(option)) result.push(option);
  }
  return result;
}

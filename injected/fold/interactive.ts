// The interactive view (`snapshot -i`, `interactive: true`): what an agent can act on, and the
// headings and landmarks that tell it where each control is. Text, images and layout containers
// go; a container that places its controls (a landmark, a dialog, a menu, a named group) stays
// around them. Refs are the full snapshot's, so any ref shown here works in every other call.
import type { AriaNode } from '../types';

/** Roles an agent acts on (WAI-ARIA 1.2 widget roles, plus iframes whose content is stitched in). */
const CONTROL_ROLES = new Set([
  'button', 'checkbox', 'combobox', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem', 'iframe',
]);

/** Containers that say where their controls are: landmarks, windows and composite widgets. */
const PLACE_ROLES = new Set([
  'banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search',
  'dialog', 'alertdialog', 'menu', 'menubar', 'listbox', 'tablist', 'tabpanel', 'radiogroup', 'toolbar',
  'tree', 'treegrid', 'grid', 'table',
]);

function isControl(node: AriaNode): boolean {
  // A clickable element without a widget role (a div with a click handler, a header that sorts)
  // is still a control.
  return CONTROL_ROLES.has(node.role) || (node.cursorPointer === true && node.ref !== undefined);
}

function placesControls(node: AriaNode): boolean {
  return PLACE_ROLES.has(node.role) || (node.role === 'group' && node.name !== '');
}

/**
 * The tree reduced to its controls, headings and the containers that place them. `rooted`: the
 * snapshot is of one element's subtree, which stays as its top node whatever its role (paging
 * names its ref).
 */
export function interactiveTree(tree: AriaNode, rooted = false): AriaNode {
  const children = rooted
    ? tree.children.filter((c): c is AriaNode => typeof c !== 'string').map(top => ({ ...top, children: keptChildren(top.children) }))
    : keptChildren(tree.children);
  return { ...tree, children };
}

function keptChildren(children: Array<AriaNode | string>): AriaNode[] {
  const kept: AriaNode[] = [];
  for (const child of children) {
    if (typeof child === 'string') continue;
    // A heading's text is its name: the line says it all.
    if (child.role === 'heading') { kept.push({ ...child, children: [] }); continue; }
    const inner = keptChildren(child.children);
    if (isControl(child) || (inner.length && placesControls(child))) kept.push({ ...child, children: inner });
    else kept.push(...inner);
  }
  return kept;
}

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

/** One node of the walk: the children still to look at, and what it keeps of those seen. */
interface Visit { node?: AriaNode; children: Array<AriaNode | string>; next: number; kept: AriaNode[] }

/**
 * What a list of children keeps: controls and headings, placing containers around what they
 * keep, everything else replaced by what it keeps. Post-order without recursion: snapshots of
 * 10,000-level pages must not overflow the stack (nor a spread of a huge list the argument limit).
 */
function keptChildren(children: Array<AriaNode | string>): AriaNode[] {
  const top: Visit = { children, next: 0, kept: [] };
  const stack: Visit[] = [top];
  while (stack.length) {
    const visit = stack[stack.length - 1]!;
    if (visit.next < visit.children.length) {
      const child = visit.children[visit.next++]!;
      if (typeof child === 'string') continue;
      // A heading's text is its name: the line says it all.
      if (child.role === 'heading') visit.kept.push({ ...child, children: [] });
      else stack.push({ node: child, children: child.children, next: 0, kept: [] });
      continue;
    }
    stack.pop();
    const node = visit.node;
    if (!node) continue;
    const into = stack[stack.length - 1]!.kept;
    if (isControl(node) || (visit.kept.length && placesControls(node))) into.push({ ...node, children: visit.kept });
    else for (const kept of visit.kept) into.push(kept);
  }
  return top.kept;
}

// Lines that tell the agent nothing it does not read elsewhere, left out of the tree as it is
// built (tree.ts finalize): an empty live region (`- status`, `- log`, `- alert` with no name and
// no content; frameworks keep several on every page for announcements), and a label's text
// beside the control it names (`- checkbox "Comments"` then `- text: Comments`), a group's
// legend under the group it names (`- group "Email me about"` then `- text: Email me about`),
// text runs that only spell out the name of the node they are in, a clickable wrapper inside a
// node with a ref that only spells out that node's name (`- columnheader "Make"` over
// `- generic [cursor=pointer]: Make`: clicking the node hits it), `[cursor=pointer]` on roles
// that are clickable by definition, and the ref of a bare container around one control
// (`- listitem` over `- link "Home"`, `- gridcell` over `- checkbox`): the control is what to act on.
import type { AriaNode } from '../types';

/** Live regions (WAI-ARIA 1.2 §5.3.5): announced when their content changes, empty until then. */
const liveRegionRoles = new Set(['alert', 'log', 'marquee', 'status', 'timer']);

/** Controls a <label> (or aria-labelledby text) names: their name already says the label's text. */
const labelledRoles = new Set(['checkbox', 'combobox', 'listbox', 'radio', 'searchbox', 'slider', 'spinbutton', 'switch', 'textbox']);

/** Roles a pointer cursor tells nothing about: they are there to be clicked. */
const clickableRoles = new Set(['button', 'checkbox', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'radio', 'switch', 'tab', 'treeitem']);

/** Whether `[cursor=pointer]` would tell the agent something about a node of this role. */
export function pointerCursorTells(role: string): boolean {
  return !clickableRoles.has(role);
}

/** Structural roles whose node, nameless and stateless around a single node with a ref, is no target of its own. */
const wrapperRoles = new Set(['article', 'blockquote', 'caption', 'cell', 'definition', 'figure', 'gridcell', 'group', 'list',
  'listitem', 'note', 'paragraph', 'row', 'term']);

const nameFromContentRoles = new Set(['cell', 'gridcell', 'row']);

/** Whether `node`'s ref would only stand beside its one child's (it then goes without one). */
export function isBareWrapper(node: AriaNode): boolean {
  if (!node.ref || !wrapperRoles.has(node.role) || node.children.length !== 1) return false;
  const child = node.children[0];
  if (typeof child === 'string' || !child.ref) return false;
  // A cell's or row's name from its content is its child's name again (render-yaml.ts prints neither).
  if (node.name && !(node.name === child.name && nameFromContentRoles.has(node.role))) return false;
  return !node.active && node.checked === undefined && node.selected === undefined && node.expanded === undefined &&
    node.pressed === undefined && !node.disabled && node.level === undefined && node.description === undefined;
}

/** An empty live region: nothing to read and nothing to act on until it announces something. */
export function isSilentLiveRegion(node: AriaNode): boolean {
  return liveRegionRoles.has(node.role) && !node.name && !node.children.length && node.value === undefined;
}

/**
 * `node`'s finalized children without the text runs that only repeat a name shown beside them:
 * the node's own name (a legend, a label inside the element it names), or the name of a
 * neighbouring control (its label's text). Also drops empty live regions.
 */
export function withoutEchoes(node: AriaNode, children: Array<AriaNode | string>): Array<AriaNode | string> {
  if (spellsName(node, children)) return [];
  let kept: Array<AriaNode | string> | undefined;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    const drop = typeof child === 'string' ? echoesName(node, children, i, child) : isSilentLiveRegion(child) || isEchoWrapper(node, child);
    if (drop) kept ??= children.slice(0, i);
    else kept?.push(child);
  }
  return kept ?? children;
}

/** A nameless, stateless generic of only text that reads as the name of `node`, which a pointer can hit too. */
function isEchoWrapper(node: AriaNode, child: AriaNode): boolean {
  if (!node.ref || child.role !== 'generic' || child.name || child.active) return false;
  return spellsName({ ...child, name: node.name, role: node.role }, child.children);
}

/** Only text runs, which joined read as the name (`button "POST /pet Add a new pet"` over `POST`, `/pet`, `Add a new pet`). */
function spellsName(node: AriaNode, children: Array<AriaNode | string>): boolean {
  if (!node.name || node.role === 'fragment' || !children.length) return false;
  let text = '';
  for (const child of children) {
    if (typeof child !== 'string') return false;
    text += `${text ? ' ' : ''}${child}`;
  }
  return text === node.name;
}

function echoesName(node: AriaNode, children: Array<AriaNode | string>, index: number, text: string): boolean {
  if (node.name && text === node.name && node.role !== 'fragment') return true;
  return namesControl(children[index - 1], text) || namesControl(children[index + 1], text);
}

function namesControl(sibling: AriaNode | string | undefined, text: string): boolean {
  return !!sibling && typeof sibling !== 'string' && labelledRoles.has(sibling.role) && sibling.name === text;
}

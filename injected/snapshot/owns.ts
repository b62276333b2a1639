// aria-owns re-parenting for the tree walk (WAI-ARIA 1.2 §6.6 aria-owns): an owned element is a
// child of its owner in the accessibility tree, and is not a child of its DOM parent.
// Invalid ownership is dropped instead of looping: an element has at most one owner (the first in
// tree order wins, as in Chromium), and an owner never owns one of its own tree ancestors.
import { flatTreeParent, getIdRefs } from '../dom/composed-tree';

export class Ownership {
  private readonly ownerOf = new Map<Element, Element>();
  private readonly owned = new Map<Element, Element[]>();
  private readonly scannedScopes = new Set<Document | ShadowRoot>();

  /** Register every aria-owns in a tree scope; call before walking any node of that scope. */
  scan(scope: Document | ShadowRoot): void {
    if (this.scannedScopes.has(scope)) return;
    this.scannedScopes.add(scope);
    const owners = scope.querySelectorAll('[aria-owns]');
    for (let i = 0; i < owners.length; i++) {
      const owner = owners[i];
      for (const target of getIdRefs(owner, 'aria-owns')) this.add(owner, target);
    }
  }

  /** Whether any scanned scope re-parents elements (incremental snapshots stop reusing then). */
  hasOwners(): boolean {
    return this.owned.size > 0;
  }

  /** Whether the element is rendered under an owner rather than at its DOM position. */
  isOwned(element: Element): boolean {
    return this.ownerOf.has(element);
  }

  ownedBy(owner: Element): Element[] | undefined {
    return this.owned.get(owner);
  }

  private add(owner: Element, target: Element): void {
    if (target === owner || this.ownerOf.has(target)) return;
    if (this.isTreeAncestor(target, owner)) return;
    this.ownerOf.set(target, owner);
    let list = this.owned.get(owner);
    if (!list) this.owned.set(owner, list = []);
    list.push(target);
  }

  /** Whether `ancestor` is above `element` in the tree as re-parented so far (cycle check). */
  private isTreeAncestor(ancestor: Element, element: Element): boolean {
    for (let node: Element | null = element; node; node = this.ownerOf.get(node) ?? flatTreeParent(node))
      if (node === ancestor) return true;
    return false;
  }
}

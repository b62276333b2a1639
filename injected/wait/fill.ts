// Getting a text field ready for text the driver inserts itself, as Playwright's fill does before
// it inserts (select the field's whole text, focus it), without Playwright's per-document setup.
// Only the plain cases: anything Playwright treats specially (a date or range input, whose value
// is set rather than typed; a number field given text; a read-only field; a label or wrapper it
// follows to its control) is left to Playwright's own fill, so its checks and errors stay.

/** 'ready': selected and focused, insert the text; 'playwright': act through Playwright's fill instead. */
export type FillReadiness = 'ready' | 'playwright';

/** Input types whose text is typed (Playwright's kInputTypesToTypeInto). */
const TYPED = new Set(['', 'text', 'email', 'number', 'password', 'search', 'tel', 'url']);

/** Selects `element`'s whole text and focuses it when it is a plain editable text field (see the header). */
export function readyToFill(element: Element, numeric: boolean): FillReadiness {
  if (element.localName === 'input') {
    const input = element as HTMLInputElement;
    const type = (input.getAttribute('type') ?? '').toLowerCase();
    if (!TYPED.has(type) || (type === 'number' && !numeric) || input.readOnly || input.disabled) return 'playwright';
    input.select();
    input.focus();
    return 'ready';
  }
  if (element.localName === 'textarea') {
    const area = element as HTMLTextAreaElement;
    if (area.readOnly || area.disabled) return 'playwright';
    area.select();
    area.focus();
    return 'ready';
  }
  const editable = element as HTMLElement;
  // aria-readonly: Playwright's "not editable" error names it.
  if (!editable.isContentEditable || element.getAttribute('aria-readonly') === 'true') return 'playwright';
  const selection = element.ownerDocument.getSelection();
  if (!selection) return 'playwright';
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  editable.focus();
  return 'ready';
}

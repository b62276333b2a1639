// Password values must never leave the page. The tree never reads them, but accessible names can
// embed a control's value (accname step 2C: `<label><input type=checkbox> Use <input type=password>
// </label>`), so every name and description is scrubbed of the password values present in the page.
import { normalizeDisplayText } from './text';

/** What a password value is replaced with, also in names that embed it: the value never leaves the page, nor does its length. */
export const PASSWORD_MASK = '••••';

export class Secrets {
  private values: string[] = [];
  private readonly scopes = new Set<Document | ShadowRoot>();

  /** Collect the password values of a tree scope (before computing names inside it). */
  addScope(scope: Document | ShadowRoot): void {
    if (this.scopes.has(scope)) return;
    this.scopes.add(scope);
    const inputs = scope.querySelectorAll('input');
    let added = false;
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as HTMLInputElement;
      if ((input.type || '').toLowerCase() !== 'password' || !input.value) continue;
      for (const variant of [input.value, normalizeDisplayText(input.value)])
        if (variant && !this.values.includes(variant)) { this.values.push(variant); added = true; }
    }
    // Longest first, so a password containing another one is masked whole.
    if (added) this.values.sort((a, b) => b.length - a.length);
  }

  scrub(text: string): string {
    if (!this.values.length || !text) return text;
    for (const value of this.values) if (text.includes(value)) text = text.split(value).join(PASSWORD_MASK);
    return text;
  }
}

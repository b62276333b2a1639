// Playwright assertion code for the verify tools (`await expect(locator).toBeVisible();`), in the
// languages codegen/locator.ts writes locators in: the same statements Playwright MCP records.
import { jsString, quoted, type CodegenLanguage } from './locator.js';

export type Assertion =
  | { kind: 'visible' }
  | { kind: 'value'; value: string }
  | { kind: 'checked'; checked: boolean }
  | { kind: 'ariaSnapshot'; yaml: string };

function literal(text: string, language: CodegenLanguage): string {
  return language === 'typescript' ? jsString(text) : quoted(text);
}

/** `await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();` in `language`. */
export function assertionCode(locator: string, assertion: Assertion, language: CodegenLanguage): string {
  const a = assertion;
  switch (language) {
    case 'typescript': {
      const call = a.kind === 'visible' ? 'toBeVisible()'
        : a.kind === 'value' ? (a.value ? `toHaveValue(${literal(a.value, language)})` : 'toBeEmpty()')
          : a.kind === 'checked' ? `${a.checked ? '' : 'not.'}toBeChecked()`
            : `toMatchAriaSnapshot(${templateLiteral(a.yaml)})`;
      return `await expect(${locator}).${call};`;
    }
    case 'python': {
      const call = a.kind === 'visible' ? 'to_be_visible()'
        : a.kind === 'value' ? (a.value ? `to_have_value(${literal(a.value, language)})` : 'to_be_empty()')
          : a.kind === 'checked' ? (a.checked ? 'to_be_checked()' : 'not_to_be_checked()')
            : `to_match_aria_snapshot(${literal(a.yaml, language)})`;
      return `expect(${locator}).${call}`;
    }
    case 'java': {
      const call = a.kind === 'visible' ? 'isVisible()'
        : a.kind === 'value' ? (a.value ? `hasValue(${literal(a.value, language)})` : 'isEmpty()')
          : a.kind === 'checked' ? `${a.checked ? '' : 'not().'}isChecked()`
            : `matchesAriaSnapshot(${literal(a.yaml, language)})`;
      return `assertThat(${locator}).${call};`;
    }
    case 'csharp': {
      const call = a.kind === 'visible' ? 'ToBeVisibleAsync()'
        : a.kind === 'value' ? (a.value ? `ToHaveValueAsync(${literal(a.value, language)})` : 'ToBeEmptyAsync()')
          : a.kind === 'checked' ? `${a.checked ? '' : 'Not.'}ToBeCheckedAsync()`
            : `ToMatchAriaSnapshotAsync(${literal(a.yaml, language)})`;
      return `await Expect(${locator}).${call};`;
    }
  }
}

/** A multi-line YAML as a TypeScript template literal, indented as Playwright's codegen writes it. */
function templateLiteral(yaml: string): string {
  const escaped = yaml.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `\`\n${escaped.split('\n').map(line => `  ${line}`).join('\n')}\n  \``;
}

/** `.getByText('Welcome')` appended to a page or frame locator. */
export function byTextStep(text: string, language: CodegenLanguage): string {
  const method = { typescript: 'getByText', python: 'get_by_text', java: 'getByText', csharp: 'GetByText' }[language];
  return `.${method}(${literal(text, language)})`;
}

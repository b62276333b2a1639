// @vitest-environment jsdom
// Unique locators for generated code (injected/snapshot/locator.ts): role and name first, the
// exact name when the name is a substring of another, the test id, a scope, then an index.
import { afterEach, describe, expect, it } from 'vitest';
import { locatorSteps } from '../../injected/snapshot/locator.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';
import { quietPseudoStyles } from './snapshot-helpers.js';

quietPseudoStyles(window);
afterEach(() => { document.body.innerHTML = ''; });

function stepsFor(html: string, testIdAttribute?: string) {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]')!;
  beginAriaCaches();
  try {
    return locatorSteps(target, testIdAttribute);
  } finally {
    endAriaCaches();
  }
}

describe('locatorSteps', () => {
  it('uses role and name when they match the element alone', () => {
    expect(stepsFor('<button data-target>Save</button><button>Cancel</button>'))
      .toEqual([{ kind: 'role', role: 'button', name: 'Save' }]);
  });

  it('uses the exact name when the name is part of another one', () => {
    expect(stepsFor('<button data-target>Save</button><button>Save all</button>'))
      .toEqual([{ kind: 'role', role: 'button', name: 'Save', exact: true }]);
  });

  it('uses the test id when role and name are shared', () => {
    expect(stepsFor('<button data-testid="a">Edit</button><button data-testid="b" data-target>Edit</button>'))
      .toEqual([{ kind: 'testId', value: 'b' }]);
    expect(stepsFor('<button data-qa="a">Edit</button><button data-qa="b" data-target>Edit</button>', 'data-qa'))
      .toEqual([{ kind: 'testId', value: 'b' }]);
  });

  it('scopes by the nearest ancestor with a unique locator', () => {
    const html = '<section aria-label="Billing"><button>Edit</button></section>'
      + '<section aria-label="Shipping"><button data-target>Edit</button></section>';
    expect(stepsFor(html)).toEqual([
      { kind: 'role', role: 'region', name: 'Shipping' },
      { kind: 'role', role: 'button', name: 'Edit' },
    ]);
  });

  it('falls back to the index among equals', () => {
    expect(stepsFor('<ul><li><button>Buy</button></li><li><button data-target>Buy</button></li></ul>'))
      .toEqual([{ kind: 'role', role: 'button', name: 'Buy' }, { kind: 'nth', index: 1 }]);
  });

  it('does not count elements hidden from the accessibility tree, as getByRole does not', () => {
    expect(stepsFor('<button aria-hidden="true">Save</button><button data-target>Save</button>'))
      .toEqual([{ kind: 'role', role: 'button', name: 'Save' }]);
  });

  it('finds equals inside open shadow roots', () => {
    document.body.innerHTML = '<div id="host"></div><button data-target>Open</button>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<button>Open</button>';
    beginAriaCaches();
    try {
      expect(locatorSteps(document.querySelector('[data-target]')!)).toEqual([{ kind: 'role', role: 'button', name: 'Open' }, { kind: 'nth', index: 1 }]);
    } finally {
      endAriaCaches();
    }
  });

  it('gives a CSS path for an element without a role', () => {
    expect(stepsFor('<main><div><span>a</span></div><div><span data-target>b</span></div></main>'))
      .toEqual([{ kind: 'css', selector: 'body > main > div:nth-of-type(2) > span' }]);
  });

  it('gives the bare tag for an element without a role whose tag no other element has', () => {
    expect(stepsFor('<main><div>a</div><iframe data-target></iframe></main>')).toEqual([{ kind: 'css', selector: 'iframe' }]);
    // Another iframe, even in an open shadow root (Playwright's CSS pierces those), makes the tag ambiguous.
    document.body.insertAdjacentHTML('beforeend', '<div id="host"></div>');
    document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = '<iframe></iframe>';
    beginAriaCaches();
    try {
      expect(locatorSteps(document.querySelector('[data-target]')!)).toEqual([{ kind: 'css', selector: 'body > main > iframe' }]);
    } finally {
      endAriaCaches();
    }
  });
});

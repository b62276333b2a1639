// @vitest-environment jsdom
// Role computation (injected/aria/roles.ts) on jsdom: every implicit-role rule, explicit-role parsing,
// presentational conflict resolution and inheritance.
import { afterEach, describe, expect, test } from 'vitest';
import {
  getAriaRole, getExplicitAriaRole, getImplicitAriaRole, hasGlobalAriaAttribute, isPresentationalRole,
} from '../../injected/aria/roles.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';

afterEach(() => { document.body.innerHTML = ''; });

/** Role of every element carrying `data-t`, in document order. */
function roles(html: string): Array<string | null> {
  document.body.innerHTML = html;
  return Array.from(document.querySelectorAll('[data-t]')).map(e => getAriaRole(e));
}
function role(html: string): string | null {
  const all = roles(html);
  if (all.length !== 1) throw new Error(`expected one [data-t] element, found ${all.length}`);
  return all[0];
}

describe('explicit roles', () => {
  test.each([
    ['button', 'button'],
    ['foo button', 'button'],
    ['  link  ', 'link'],
    ['BUTTON', 'button'],                  // ASCII case-insensitive, as Chromium
    ['command button', 'button'],          // abstract roles are invalid: next token
    ['roletype', null],
    ['widget landmark', null],
    ['', null],
    ['none presentation', 'none'],
    ['presentation', 'none'],              // wai-aria 1.2: presentation is a synonym of none
    ['image', 'img'],                      // ARIA 1.3 synonym (getComputedRole says image)
    ['directory', 'list'],                 // deprecated, mapped like Chromium
    ['mark', 'mark'],
    ['doc-chapter', 'doc-chapter'],
    ['graphics-document', 'graphics-document'],
    ['constructor toString', null],
  ])('role="%s" -> %s', (value, expected) => {
    document.body.innerHTML = `<div role="${value}"></div>`;
    expect(getExplicitAriaRole(document.body.firstElementChild!)).toBe(expected);
  });

  test('an invalid role falls back to the implicit role', () => {
    expect(role('<button data-t role="foo"></button>')).toBe('button');
    expect(role('<div data-t role="region-ish"></div>')).toBe('generic');
  });

  test('explicit roles win over implicit ones', () => {
    expect(role('<button data-t role="tab">x</button>')).toBe('tab');
    expect(role('<h1 data-t role="link">x</h1>')).toBe('link');
  });
});

describe('implicit roles: simple elements', () => {
  test.each([
    ['<article data-t></article>', 'article'],
    ['<address data-t></address>', 'group'],
    ['<blockquote data-t></blockquote>', 'blockquote'],
    ['<button data-t></button>', 'button'],
    ['<code data-t></code>', 'code'],
    ['<del data-t></del>', 'deletion'],
    ['<s data-t></s>', 'deletion'],
    ['<ins data-t></ins>', 'insertion'],
    ['<em data-t></em>', 'emphasis'],
    ['<strong data-t></strong>', 'strong'],
    ['<mark data-t></mark>', 'mark'],
    ['<time data-t></time>', 'time'],
    ['<search data-t></search>', 'search'],
    ['<sub data-t></sub>', 'subscript'],
    ['<sup data-t></sup>', 'superscript'],
    ['<dfn data-t></dfn>', 'term'],
    ['<p data-t></p>', 'paragraph'],
    ['<main data-t></main>', 'main'],
    ['<nav data-t></nav>', 'navigation'],
    ['<hgroup data-t></hgroup>', 'group'],
    ['<h1 data-t></h1>', 'heading'],
    ['<h6 data-t></h6>', 'heading'],
    ['<hr data-t>', 'separator'],
    ['<dialog data-t></dialog>', 'dialog'],
    ['<details data-t><summary>s</summary></details>', 'group'],
    ['<fieldset data-t></fieldset>', 'group'],
    ['<figure data-t></figure>', 'figure'],
    ['<meter data-t></meter>', 'meter'],
    ['<progress data-t></progress>', 'progressbar'],
    ['<output data-t></output>', 'status'],
    ['<textarea data-t></textarea>', 'textbox'],
    ['<ul data-t></ul>', 'list'],
    ['<ol data-t></ol>', 'list'],
    ['<menu data-t></menu>', 'list'],
    ['<ul><li data-t></li></ul>', 'listitem'],
    ['<ol><li data-t></li></ol>', 'listitem'],
    ['<menu><li data-t></li></menu>', 'listitem'],
    ['<dl><dt data-t>a</dt><dd>b</dd></dl>', 'term'],
    ['<dl><dt>a</dt><dd data-t>b</dd></dl>', 'definition'],
    ['<dl data-t></dl>', null],
    ['<select><optgroup data-t label="g"><option>a</option></optgroup></select>', 'group'],
    ['<select><option data-t>a</option></select>', 'option'],
    ['<datalist data-t></datalist>', 'listbox'],
    ['<table data-t><tr><td>x</td></tr></table>', 'table'],
    ['<table><caption data-t>c</caption><tr><td>x</td></tr></table>', 'caption'],
    ['<table><thead data-t><tr><th>x</th></tr></thead></table>', 'rowgroup'],
    ['<table><tbody data-t><tr><td>x</td></tr></tbody></table>', 'rowgroup'],
    ['<table><tfoot data-t><tr><td>x</td></tr></tfoot></table>', 'rowgroup'],
    ['<table><tr data-t><td>x</td></tr></table>', 'row'],
  ])('%s -> %s', (html, expected) => {
    expect(role(html)).toBe(expected);
  });

  test.each([
    ['<div data-t></div>'], ['<span data-t></span>'], ['<a data-t>x</a>'], ['<b data-t></b>'], ['<i data-t></i>'],
    ['<u data-t></u>'], ['<small data-t></small>'], ['<q data-t></q>'], ['<pre data-t></pre>'], ['<bdi data-t></bdi>'],
    ['<samp data-t></samp>'], ['<kbd data-t></kbd>'], ['<data data-t></data>'], ['<my-element data-t></my-element>'],
    ['<font data-t></font>'], ['<constructor data-t></constructor>'],
  ])('%s -> generic', html => {
    expect(role(html)).toBe('generic');
  });

  test.each([
    ['<abbr data-t></abbr>'], ['<br data-t>'], ['<canvas data-t aria-label="x"></canvas>'], ['<label data-t></label>'],
    ['<fieldset><legend data-t>l</legend></fieldset>'], ['<figure><figcaption data-t>c</figcaption></figure>'],
    ['<iframe data-t></iframe>'], ['<video data-t></video>'], ['<audio data-t></audio>'], ['<embed data-t>'],
    ['<object data-t></object>'], ['<picture data-t></picture>'], ['<cite data-t></cite>'], ['<area data-t>'],
  ])('%s -> no role', html => {
    expect(role(html)).toBeNull();
  });

  test('html is the document, body is generic', () => {
    expect(getAriaRole(document.documentElement)).toBe('document');
    expect(getAriaRole(document.body)).toBe('generic');
  });
});

describe('implicit roles: links and images', () => {
  test('a and area are links only with href', () => {
    expect(roles('<a data-t href>x</a><a data-t href="#y">y</a><a data-t>z</a>')).toEqual(['link', 'link', 'generic']);
    expect(roles('<map name="m"><area data-t href="#a"><area data-t></map>')).toEqual(['link', null]);
  });

  test('img', () => {
    expect(role('<img data-t alt="value">')).toBe('img');
    expect(role('<img data-t>')).toBe('img');
    // html-aam: alt="" is none, a title does not change it; any global ARIA attribute, an empty
    // aria-label included, keeps the img role (wai-aria 1.2 §9.3; Chromium 150 exposes an image).
    expect(role('<img data-t alt="">')).toBe('none');
    expect(role('<img data-t alt="" aria-label>')).toBe('img');
    expect(role('<img data-t alt="" aria-describedby="x">')).toBe('img');
    expect(role('<img data-t alt="" tabindex="0">')).toBe('img');
    expect(role('<img data-t alt="" title="tip">')).toBe('none');
    expect(role('<img data-t alt="" title=" ">')).toBe('none');
    expect(role('<img data-t alt="" role="button">')).toBe('button');
  });

  test('svg and math', () => {
    document.body.innerHTML = '<svg id="outer"><svg id="inner"></svg><a id="link" href="#">x</a><circle id="c" r="2"/></svg><math id="m"><mi id="mi">x</mi></math>';
    const get = (id: string) => getAriaRole(document.getElementById(id)!);
    expect(get('outer')).toBe('img');
    expect(get('inner')).toBe('group');
    expect(get('link')).toBe('link');
    expect(get('c')).toBeNull();
    expect(get('m')).toBe('math');
    expect(get('mi')).toBeNull();
  });
});

describe('implicit roles: inputs and selects', () => {
  test.each([
    ['button', 'button'], ['image', 'button'], ['reset', 'button'], ['submit', 'button'], ['file', 'button'],
    ['checkbox', 'checkbox'], ['radio', 'radio'], ['number', 'spinbutton'], ['range', 'slider'],
    ['email', 'textbox'], ['tel', 'textbox'], ['text', 'textbox'], ['url', 'textbox'], ['password', 'textbox'],
    ['date', 'textbox'], ['time', 'textbox'], ['color', 'textbox'], ['invalid', 'textbox'], ['CHECKBOX', 'checkbox'],
    ['search', 'searchbox'], ['hidden', null],
  ])('input type=%s -> %s', (type, expected) => {
    expect(role(`<input data-t type="${type}">`)).toBe(expected);
  });

  test('input without type is a textbox', () => {
    expect(role('<input data-t>')).toBe('textbox');
  });

  test('a list attribute pointing at a datalist makes text-like inputs comboboxes', () => {
    expect(role('<input data-t list="l"><datalist id="l"></datalist>')).toBe('combobox');
    expect(role('<input data-t type="search" list="l"><datalist id="l"></datalist>')).toBe('combobox');
    expect(role('<input data-t type="email" list="l"><datalist id="l"></datalist>')).toBe('combobox');
    expect(role('<input data-t list="l"><div id="l"></div>')).toBe('textbox');
    expect(role('<input data-t list="missing">')).toBe('textbox');
    expect(role('<input data-t type="password" list="l"><datalist id="l"></datalist>')).toBe('textbox');
    expect(role('<input data-t type="number" list="l"><datalist id="l"></datalist>')).toBe('spinbutton');
  });

  test('select is a listbox when multiple or size > 1, else a combobox', () => {
    expect(roles(`<select data-t multiple></select><select data-t size="3"></select><select data-t size="1"></select>
      <select data-t></select><select data-t size="x"></select>`)).toEqual(['listbox', 'listbox', 'combobox', 'combobox', 'combobox']);
  });
});

describe('implicit roles: landmarks and sections', () => {
  test('header and footer are banner/contentinfo unless scoped to a section', () => {
    expect(roles('<header data-t></header><footer data-t></footer>')).toEqual(['banner', 'contentinfo']);
    for (const scope of ['article', 'aside', 'main', 'nav', 'section']) {
      expect(roles(`<${scope}><header data-t></header><footer data-t></footer></${scope}>`)).toEqual(['generic', 'generic']);
      expect(roles(`<${scope}><div><div><footer data-t></footer></div></div></${scope}>`)).toEqual(['generic']);
    }
    for (const scope of ['article', 'complementary', 'main', 'navigation', 'region']) {
      expect(roles(`<div role="${scope}"><header data-t></header><footer data-t></footer></div>`)).toEqual(['generic', 'generic']);
    }
    // An element whose explicit role is not a sectioning one does not scope.
    expect(roles('<section role="group"><header data-t></header></section>')).toEqual(['banner']);
    expect(roles('<div role="button"><footer data-t></footer></div>')).toEqual(['contentinfo']);
  });

  test('header and footer are scoped across shadow roots', () => {
    document.body.innerHTML = '<article id="host"></article>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<header></header>';
    expect(getAriaRole(root.firstElementChild!)).toBe('generic');
  });

  test('form and section are landmarks only with an author-given name', () => {
    expect(role('<form data-t aria-label="foo"></form>')).toBe('form');
    expect(role('<div id="foo">foo</div><form data-t aria-labelledby="foo"></form>')).toBe('form');
    expect(role('<form data-t title="foo"></form>')).toBe('generic'); // axe-core and Playwright: author name only
    expect(role('<form data-t></form>')).toBe('generic');
    expect(role('<form data-t aria-label=""></form>')).toBe('generic');
    expect(role('<section data-t aria-label="foo"></section>')).toBe('region');
    expect(role('<div id="foo">foo</div><section data-t aria-labelledby="foo"></section>')).toBe('region');
    expect(role('<section data-t aria-labelledby="t1"><h2 id="t1">Title</h2></section>')).toBe('region');
    expect(role('<section data-t title="foo"></section>')).toBe('region'); // html-aam: any accessible name, title included
    expect(role('<section data-t></section>')).toBe('generic');
    expect(role('<section data-t aria-label="  "></section>')).toBe('generic');
    expect(role('<section data-t aria-labelledby="missing"></section>')).toBe('generic');
  });

  test('a section labelled by itself or by another section does not loop', () => {
    expect(role('<section data-t id="s" aria-labelledby="s">Self</section>')).toBe('region');
    document.body.innerHTML = '<section id="a" aria-labelledby="b">A</section><section id="b" aria-labelledby="a">B</section>';
    expect(getAriaRole(document.getElementById('a')!)).toBe('region');
    expect(getAriaRole(document.getElementById('b')!)).toBe('region');
  });

  test('aside is complementary unless scoped to sectioning content without a name', () => {
    expect(role('<aside data-t></aside>')).toBe('complementary');
    expect(role('<main><aside data-t></aside></main>')).toBe('complementary');
    for (const scope of ['article', 'aside', 'nav', 'section'])
      expect(role(`<${scope}><aside data-t></aside></${scope}>`)).toBe('generic');
    expect(role('<div role="navigation"><aside data-t></aside></div>')).toBe('generic');
    expect(role('<section><aside data-t aria-label="related"></aside></section>')).toBe('complementary');
    expect(role('<article><aside data-t title="related"></aside></article>')).toBe('complementary');
  });
});

describe('implicit roles: tables', () => {
  test('td is a cell, or a gridcell in a grid/treegrid table', () => {
    expect(role('<table><tr><td data-t></td></tr></table>')).toBe('cell');
    expect(role('<table role="grid"><tr><td data-t></td></tr></table>')).toBe('gridcell');
    expect(role('<table role="treegrid"><tr><td data-t></td></tr></table>')).toBe('gridcell');
  });

  test('th: scope decides (case-insensitively)', () => {
    expect(role('<table><tr><th data-t scope="row"></th></tr></table>')).toBe('rowheader');
    expect(role('<table><tr><th data-t scope="rowgroup">A</th><th>B</th></tr></table>')).toBe('rowheader');
    expect(role('<table><tr><th data-t scope="col"></th></tr></table>')).toBe('columnheader');
    expect(role('<table><tr><th data-t scope="colgroup">A</th><td>B</td></tr></table>')).toBe('columnheader');
    expect(role('<table><tr><th data-t scope="ROW">A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>')).toBe('rowheader');
  });

  test('th: position heuristics', () => {
    // Header row.
    expect(roles('<table><tr><th data-t>A</th><th data-t>B</th><th data-t>C</th></tr></table>'))
      .toEqual(['columnheader', 'columnheader', 'columnheader']);
    // Beside a non-empty data cell.
    expect(role('<table><tr><th data-t>A</th><td>B</td></tr></table>')).toBe('rowheader');
    expect(role('<table><tr><td>A</td><th data-t>B</th><th>C</th></tr></table>')).toBe('rowheader');
    // Whitespace counts as content, as in Chromium.
    expect(role('<table><tr><th data-t>A</th><td> </td></tr><tr><td>1</td><td>2</td></tr></table>')).toBe('rowheader');
    // Empty corner cell: the row's data cells are all empty, so a column header.
    expect(role('<table><tr><td></td><th data-t>A</th><th>B</th></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>')).toBe('columnheader');
    // A data cell at the far end of the row.
    expect(role('<table><tr><th data-t>A</th><th>B</th><td>C</td></tr></table>')).toBe('rowheader');
    // Only cell of its row: a column header when other rows exist, no header role in a one-row table.
    expect(role('<table><tr><th data-t>Header</th></tr><tr><td>Data</td></tr></table>')).toBe('columnheader');
    expect(role('<table><tr><th data-t>Only</th></tr></table>')).toBeNull();
    // Row headers in the body.
    expect(role('<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><th data-t>1</th><td>2</td></tr></tbody></table>')).toBe('rowheader');
  });
});

describe('implicit roles: details and summary', () => {
  test('the first summary of a details is its disclosure button', () => {
    expect(roles('<details><summary data-t>a</summary><summary data-t>b</summary></details>')).toEqual(['button', 'generic']);
    expect(role('<details><div>x</div><summary data-t>s</summary></details>')).toBe('button');
    expect(role('<summary data-t>orphan</summary>')).toBe('generic');
  });
});

describe('presentational roles: conflict resolution', () => {
  test('isPresentationalRole', () => {
    expect(isPresentationalRole('none')).toBe(true);
    expect(isPresentationalRole('presentation')).toBe(true);
    expect(isPresentationalRole('generic')).toBe(false);
    expect(isPresentationalRole(null)).toBe(false);
  });

  test('role=none/presentation applies to non-focusable elements without global ARIA attributes', () => {
    expect(role('<h1 data-t role="none">x</h1>')).toBe('none');
    expect(role('<h1 data-t role="presentation">x</h1>')).toBe('none');
    expect(role('<a data-t role="none">x</a>')).toBe('none');
    expect(role('<span data-t role="none" tabindex="x">s</span>')).toBe('none');
    expect(role('<img data-t role="none" alt="a">')).toBe('none');
  });

  test('focusable elements keep their implicit role', () => {
    expect(role('<button data-t role="none">x</button>')).toBe('button');
    expect(role('<a data-t role="none" href="#">x</a>')).toBe('link');
    expect(role('<input data-t role="none">')).toBe('textbox');
    expect(role('<div data-t role="none" tabindex="-1">x</div>')).toBe('generic');
    expect(role('<img data-t role="presentation" alt="a" tabindex="0">')).toBe('img');
    // Disabled controls are not focusable: the presentational role applies.
    expect(role('<button data-t role="none" disabled>x</button>')).toBe('none');
    expect(role('<input data-t role="none" disabled>')).toBe('none');
  });

  test('global ARIA attributes (Chromium\'s set) undo role=none, even empty', () => {
    for (const attribute of ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-description',
      'aria-details', 'aria-flowto', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns',
      'aria-relevant', 'aria-roledescription'])
      expect(role(`<h1 data-t role="none" ${attribute}="">x</h1>`), attribute).toBe('heading');
    for (const attribute of ['aria-disabled', 'aria-hidden', 'aria-invalid', 'aria-haspopup', 'aria-errormessage',
      'aria-dropeffect', 'aria-grabbed', 'aria-checked', 'aria-expanded', 'aria-level', 'aria-foo'])
      expect(role(`<h1 data-t role="none" ${attribute}="true">x</h1>`), attribute).toBe('none');
    // Prohibited attributes still count (Chromium): a named paragraph stays a paragraph.
    expect(role('<p data-t role="none" aria-label="x">x</p>')).toBe('paragraph');
  });

  test('hasGlobalAriaAttribute honours prohibitions when given a role', () => {
    document.body.innerHTML = '<span aria-label="x"></span><span aria-describedby="d"></span><span aria-checked="true"></span>';
    const [labelled, described, checked] = Array.from(document.body.children);
    expect(hasGlobalAriaAttribute(labelled)).toBe(true);
    expect(hasGlobalAriaAttribute(labelled, 'generic')).toBe(false);
    expect(hasGlobalAriaAttribute(labelled, 'button')).toBe(true);
    expect(hasGlobalAriaAttribute(described, 'generic')).toBe(true);
    expect(hasGlobalAriaAttribute(checked)).toBe(false);
  });
});

describe('presentational roles: inheritance', () => {
  test('list items of a presentational list', () => {
    expect(roles('<ul role="none"><li data-t>a</li><li data-t>b</li></ul>')).toEqual(['none', 'none']);
    expect(role('<ol role="presentation"><li data-t>a</li></ol>')).toBe('none');
    expect(role('<menu role="none"><li data-t>a</li></menu>')).toBe('none');
    // An explicit role on the item wins; an intermediate element stops the inheritance.
    expect(role('<ul role="none"><li data-t role="listitem">a</li></ul>')).toBe('listitem');
    expect(role('<ul role="none"><div><li data-t>a</li></div></ul>')).toBe('listitem');
    // The list ignores its role=none (focusable / global attribute): its items stay list items.
    expect(role('<ul role="none" tabindex="0"><li data-t>a</li></ul>')).toBe('listitem');
    expect(role('<ul role="none" aria-describedby="x"><li data-t>a</li></ul>')).toBe('listitem');
    // Like Chromium, the item's own focusability does not undo the inherited role.
    expect(role('<ul role="none"><li data-t tabindex="0">a</li></ul>')).toBe('none');
  });

  test('rows, row groups and cells of a presentational table', () => {
    expect(roles(`<table role="presentation"><thead data-t><tr data-t><th data-t>a</th></tr></thead>
      <tbody data-t><tr data-t><td data-t>b</td></tr></tbody><tfoot data-t><tr data-t><td data-t>c</td></tr></tfoot></table>`))
      .toEqual(Array(9).fill('none'));
    expect(role('<table role="none"><tr role="row"><td data-t>x</td></tr></table>')).toBe('cell');
    expect(role('<table role="none" tabindex="0"><tr><td data-t>x</td></tr></table>')).toBe('cell');
    // The caption is not a required owned element.
    expect(role('<table role="none"><caption data-t>c</caption><tr><td>x</td></tr></table>')).toBe('caption');
  });

  test('terms and definitions of a presentational dl, also through a div', () => {
    expect(roles('<dl role="none"><dt data-t>a</dt><dd data-t>b</dd></dl>')).toEqual(['none', 'none']);
    expect(roles('<dl role="presentation"><div data-t><dt data-t>a</dt><dd data-t>b</dd></div></dl>'))
      .toEqual(['none', 'none', 'none']);
  });

  test('options of a presentational datalist', () => {
    expect(roles('<datalist role="none"><option data-t>a</option></datalist>')).toEqual(['none']);
    // A select is focusable, so it keeps its role and its options theirs.
    expect(roles('<select role="none"><option data-t>a</option></select>')).toEqual(['option']);
  });

  test('getImplicitAriaRole ignores the element\'s own role attribute', () => {
    document.body.innerHTML = '<button role="link">x</button>';
    expect(getImplicitAriaRole(document.body.firstElementChild!)).toBe('button');
  });
});

describe('caching', () => {
  test('roles are memoised within a pass and recomputed after it', () => {
    document.body.innerHTML = '<div role="button"></div>';
    const div = document.body.firstElementChild!;
    beginAriaCaches();
    try {
      expect(getAriaRole(div)).toBe('button');
      div.setAttribute('role', 'link');
      expect(getAriaRole(div)).toBe('button');
    } finally {
      endAriaCaches();
    }
    expect(getAriaRole(div)).toBe('link');
  });

  test('a section\'s role is cached with its final value', () => {
    document.body.innerHTML = '<section aria-label="x"></section><section aria-labelledby="none"></section>';
    const [named, unnamed] = Array.from(document.body.children);
    beginAriaCaches();
    try {
      expect(getAriaRole(named)).toBe('region');
      expect(getAriaRole(unnamed)).toBe('generic');
      expect(getAriaRole(unnamed)).toBe('generic');
    } finally {
      endAriaCaches();
    }
  });
});

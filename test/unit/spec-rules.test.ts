// @vitest-environment jsdom
// Role and name rules the specs settle (issue 17), each written from the spec text it cites:
// wai-aria 1.2 §9.1 (handling author errors), html-aam element mappings and accname computations,
// accname 1.2 steps 2B-2I. jsdom has no layout: generated content and the tree run in Chromium
// (test/browser/spec-rules.test.ts).
import { afterEach, describe, expect, test } from 'vitest';
import { getAriaRole, getComputedRole } from '../../injected/aria/roles.js';
import { getElementAccessibleDescription, getElementAccessibleName } from '../../injected/aria/accname/name.js';
import { cssContentText } from '../../injected/dom/css-content.js';

afterEach(() => { document.body.innerHTML = ''; });

function target(html: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector('[data-t]');
  if (!found) throw new Error('no [data-t] element');
  return found;
}
const role = (html: string) => getAriaRole(target(html));
const computedRole = (html: string) => getComputedRole(target(html));
const name = (html: string) => getElementAccessibleName(target(html));

describe('wai-aria 9.1: region and form need a name, else the next token or the host role', () => {
  test('a nameless role=region falls back to the host language role', () => {
    expect(role('<nav data-t role="region">x</nav>')).toBe('navigation');
    expect(role('<table data-t role="region"><tr><td>x</td></tr></table>')).toBe('table');
    expect(role('<div data-t role="region">x</div>')).toBe('generic');
  });
  test('a nameless role=form falls back the same way', () => {
    expect(role('<nav data-t role="form">x</nav>')).toBe('navigation');
    expect(role('<div data-t role="form">x</div>')).toBe('generic');
  });
  test('the next valid token of role is tried before the host role', () => {
    expect(role('<div data-t role="region group">x</div>')).toBe('group');
    expect(role('<nav data-t role="form region list">x</nav>')).toBe('list');
  });
  test('any accessible name keeps the landmark: aria-label, aria-labelledby, title', () => {
    expect(role('<nav data-t role="region" aria-label="Filters">x</nav>')).toBe('region');
    expect(role('<h2 id="h">Results</h2><table data-t role="region" aria-labelledby="h"><tr><td>x</td></tr></table>')).toBe('region');
    expect(role('<div data-t role="form" title="Sign up">x</div>')).toBe('form');
    expect(role('<section data-t title="x">x</section>')).toBe('region');
  });
  test('a blank or dangling name is no name', () => {
    expect(role('<nav data-t role="region" aria-label="  ">x</nav>')).toBe('navigation');
    expect(role('<nav data-t role="region" aria-labelledby="missing">x</nav>')).toBe('navigation');
  });
});

describe('wai-aria 1.2: none and presentation', () => {
  test('role=presentation computes as none, its synonym', () => {
    expect(role('<div data-t role="presentation">x</div>')).toBe('none');
    expect(role('<div data-t role="none">x</div>')).toBe('none');
    expect(computedRole('<span data-t role="presentation">x</span>')).toBe('none');
  });
  test('required owned elements inherit none from a presentation table', () => {
    document.body.innerHTML = '<table role="presentation"><tr><td id="c">x</td></tr></table>';
    expect(getAriaRole(document.getElementById('c')!)).toBe('none');
  });
});

describe('html-aam img: alt="" is decorative', () => {
  test('alt="" with no other name is none, a title included', () => {
    expect(role('<img data-t alt="">')).toBe('none');
    expect(role('<img data-t alt="" title="Logo">')).toBe('none');
  });
  test('alt="" with a global ARIA attribute, even an empty aria-label, is an img (wai-aria 1.2 §9.3, as Chromium and axe-core)', () => {
    expect(role('<img data-t alt="" aria-label="">')).toBe('img');
    expect(role('<img data-t alt="" aria-label>')).toBe('img');
    expect(role('<img data-t alt="" aria-labelledby="nowhere">')).toBe('img');
    expect(role('<img data-t alt="" aria-describedby="d">')).toBe('img');
    expect(name('<img data-t alt="" aria-label="">')).toBe('');
  });
  test('alt="" plus title has an empty name (the title is not a tooltip name of a none)', () => {
    expect(name('<img data-t alt="" title="Logo">')).toBe('');
  });
  test('a real name, focusability or another global attribute keeps the image', () => {
    expect(role('<img data-t alt="" aria-label="Logo">')).toBe('img');
    expect(role('<span id="l">Logo</span><img data-t alt="" aria-labelledby="l">')).toBe('img');
    expect(role('<img data-t alt="" tabindex="0">')).toBe('img');
    expect(role('<img data-t alt="" aria-describedby="d">')).toBe('img');
  });
});

describe('img vs image (ARIA 1.3)', () => {
  test('the computed role says image; the tree keeps img', () => {
    expect(computedRole('<img data-t alt="Logo">')).toBe('image');
    expect(computedRole('<div data-t role="image">x</div>')).toBe('image');
    expect(computedRole('<div data-t role="img">x</div>')).toBe('image');
    expect(role('<div data-t role="image">x</div>')).toBe('img');
  });
});

describe('html-aam input type=button, submit, reset', () => {
  test('a <label for> names them before their value', () => {
    expect(name('<label for="b">Send now</label><input data-t id="b" type="submit" value="Go">')).toBe('Send now');
    expect(name('<label for="b">Clear all</label><input data-t id="b" type="reset" value="Reset">')).toBe('Clear all');
    expect(name('<label for="b">Open</label><input data-t id="b" type="button" value="x">')).toBe('Open');
  });
  test('a wrapping <label> names them too', () => {
    expect(name('<label>Send <input data-t type="submit" value="Go"></label>')).toBe('Send');
  });
  test('without a label: the value, then the default label', () => {
    expect(name('<input data-t type="submit" value="Go">')).toBe('Go');
    expect(name('<input data-t type="submit">')).toBe('Submit');
    expect(name('<input data-t type="reset">')).toBe('Reset');
    expect(name('<input data-t type="button">')).toBe('');
  });
  test('aria-label still comes first (accname 2D before 2E)', () => {
    expect(name('<label for="b">Send</label><input data-t id="b" type="submit" aria-label="Post" value="Go">')).toBe('Post');
  });
});

describe('aria-placeholder: a name fallback for text fields', () => {
  test('non-native textboxes are named by it', () => {
    expect(name('<div data-t role="textbox" aria-placeholder="Search docs"></div>')).toBe('Search docs');
    expect(name('<div data-t role="searchbox" aria-placeholder="Find"></div>')).toBe('Find');
  });
  test('native fields without a placeholder fall back to it', () => {
    expect(name('<input data-t aria-placeholder="Email">')).toBe('Email');
    expect(name('<textarea data-t aria-placeholder="Notes"></textarea>')).toBe('Notes');
    expect(name('<input data-t placeholder="Email" aria-placeholder="Mail">')).toBe('Email');
  });
  test('it comes after the title, and names no other role', () => {
    expect(name('<div data-t role="textbox" title="Query" aria-placeholder="Search"></div>')).toBe('Query');
    expect(name('<div data-t role="button" aria-placeholder="x"></div>')).toBe('');
  });
});

describe('not-rendered elements keep the name their author gave', () => {
  test('a closed dialog is named by aria-label, aria-labelledby or title', () => {
    expect(name('<dialog data-t aria-label="Settings">x</dialog>')).toBe('Settings');
    expect(name('<h2 id="h">Prefs</h2><dialog data-t aria-labelledby="h">x</dialog>')).toBe('Prefs');
    expect(name('<dialog data-t title="Help">x</dialog>')).toBe('Help');
  });
  test('an audio without controls and an rp keep theirs', () => {
    expect(name('<audio data-t aria-label="Chime"></audio>')).toBe('Chime');
    expect(name('<ruby>漢<rp data-t aria-label="open">(</rp><rt>kan</rt></ruby>')).toBe('open');
  });
  test('their content does not name them, and hiding them otherwise still wins', () => {
    expect(name('<dialog data-t>Settings</dialog>')).toBe('');
    expect(name('<dialog data-t aria-hidden="true" aria-label="x"></dialog>')).toBe('');
    expect(name('<div hidden><dialog data-t aria-label="x"></dialog></div>')).toBe('');
    expect(name('<div data-t style="display:none" aria-label="x"></div>')).toBe('');
  });
  test('the title that names them is no description', () => {
    expect(getElementAccessibleDescription(target('<dialog data-t title="Help"></dialog>'))).toBe('');
  });
});

describe('accname 2C/2D: embedded controls', () => {
  test('inside an element\'s own name from content, a control\'s aria-label counts (2D)', () => {
    expect(name('<div data-t role="gridcell"><input aria-label="Make Filter Input"><button>Open Filter Menu</button></div>'))
      .toBe('Make Filter Input Open Filter Menu');
  });
  test('without aria-label, a textbox in the content gives its value', () => {
    expect(name('<div data-t role="gridcell"><input value="42"> items</div>')).toBe('42 items');
  });
  test('inside a label of another widget, the value wins over aria-label (2C)', () => {
    expect(name('<label for="c">Flash <input aria-label="count" value="3"> times</label><input data-t id="c" type="checkbox">'))
      .toBe('Flash 3 times');
    expect(name('<span id="l">Every <input aria-label="n" value="5"> days</span><div data-t role="switch" aria-labelledby="l"></div>'))
      .toBe('Every 5 days');
  });
  test('a descendant that references itself is named by its own aria-label (2B, react-aria row checkboxes)', () => {
    expect(name(`<div data-t role="gridcell"><input type="checkbox" id="cb" aria-label="Select" aria-labelledby="cb rh"></div>
      <span id="rh">Ada Lovelace</span>`)).toBe('Select Ada Lovelace');
  });
});

describe('accname 2I: the tooltip names what content leaves nameless', () => {
  test('an icon button named by its title; the title is then no description', () => {
    const button = target('<button data-t title="Previous month"><span role="img" class="fc-icon"></span></button>');
    expect(getElementAccessibleName(button)).toBe('Previous month');
    expect(getElementAccessibleDescription(button)).toBe('');
  });
  test('icon-font glyphs (Private Use Area) are no generated text', () => {
    expect(cssContentText('"\\e900"', document.body)).toBe('');
    expect(cssContentText('"\\f101  \\e001"', document.body)).toBe('');
    expect(cssContentText('"\\e900  Next"', document.body)).toBe('\ue900 Next'); // the first space ends the escape
    expect(cssContentText('" "', document.body)).toBe(' ');
  });
});

describe('html-aam a without href', () => {
  test('generic, unless script made it focusable: then a link an agent can click', () => {
    expect(role('<a data-t>x</a>')).toBe('generic');
    expect(role('<a data-t tabindex="0">+2 more</a>')).toBe('link');
    expect(role('<a data-t tabindex="-1">x</a>')).toBe('link');
  });
});

describe('wai-aria 5.2.7: listitem, option and treeitem need their container (as Chromium)', () => {
  test('outside it, the next token or the host role applies', () => {
    expect(role('<p data-t role="listitem">x</p>')).toBe('paragraph');
    expect(role('<div data-t role="listitem">x</div>')).toBe('generic');
    expect(role('<button data-t role="option">x</button>')).toBe('button');
    expect(role('<button data-t role="treeitem">x</button>')).toBe('button');
    expect(role('<span data-t role="option">x</span>')).toBe('generic');
  });
  test('inside it, generic wrappers between them included, they keep their role', () => {
    expect(role('<div role="list"><div><div data-t role="listitem">x</div></div></div>')).toBe('listitem');
    expect(role('<div role="listbox"><div role="group"><div data-t role="option">x</div></div></div>')).toBe('option');
    expect(role('<div role="tree"><div role="group"><div data-t role="treeitem">x</div></div></div>')).toBe('treeitem');
    expect(role('<ul role="none"><li data-t role="listitem">x</li></ul>')).toBe('listitem');
  });
  test('an element owned by aria-owns may sit anywhere', () => {
    expect(role('<div role="listbox" aria-owns="o"></div><div><div data-t id="o" role="option">x</div></div>')).toBe('option');
  });
});

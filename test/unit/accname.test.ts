// @vitest-environment jsdom
// accname 1.2 steps in jsdom (no layout, no pseudo-element styles: those run in the conformance suites).
import { afterEach, describe, expect, test } from 'vitest';
import { getElementAccessibleDescription, getElementAccessibleName } from '../../injected/aria/accname/name.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';
import { cssContentText } from '../../injected/dom/css-content.js';

function render(html: string): void {
  document.body.innerHTML = html;
}
const el = (selector: string): Element => {
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};
const name = (selector: string) => getElementAccessibleName(el(selector));
const description = (selector: string) => getElementAccessibleDescription(el(selector));

afterEach(() => { document.body.innerHTML = ''; });

describe('2A hidden, not referenced', () => {
  test('aria-hidden and display:none descendants are left out of name from content', () => {
    render('<button id=b>Save <span aria-hidden="true">icon</span><span style="display:none">x</span> file</button>');
    expect(name('#b')).toBe('Save file');
  });
  test('a hidden element has no name unless includeHidden', () => {
    render('<button id=b style="display:none">Save</button>');
    expect(name('#b')).toBe('');
    expect(getElementAccessibleName(el('#b'), true)).toBe('Save');
  });
  test('visibility:visible content of a visibility:hidden element is kept', () => {
    render('<h2 id=h>a <span style="visibility:hidden">b <span style="visibility:visible">c</span></span></h2>');
    expect(name('#h')).toBe('a c');
  });
});

describe('2B aria-labelledby', () => {
  test('several references are joined in order', () => {
    render('<span id=x>Hello</span><span id=y>World</span><button id=b aria-labelledby="y x">no</button>');
    expect(name('#b')).toBe('World Hello');
  });
  test('a hidden referenced node counts, with its hidden descendants', () => {
    render('<div id=l style="display:none">This is <span aria-hidden="true">secret</span></div><input id=i aria-labelledby=l>');
    expect(name('#i')).toBe('This is secret');
  });
  test('a visible referenced node keeps its hidden descendants out', () => {
    render('<div id=l>This is <span aria-hidden="true">secret</span></div><input id=i aria-labelledby=l>');
    expect(name('#i')).toBe('This is');
  });
  test('labelledby chains are not followed', () => {
    render('<span id=a aria-labelledby=c>A</span><span id=c>C</span><button id=b aria-labelledby=a>x</button>');
    expect(name('#b')).toBe('A');
  });
  test('self reference without aria-label uses the control\'s value (Chromium)', () => {
    render('<input id=t value="the value" aria-labelledby="t l"><span id=l>Label</span>');
    expect(name('#t')).toBe('the value Label');
  });
  test('self reference uses the element\'s own aria-label', () => {
    render('<input id=t value="v" aria-label="Own" aria-labelledby="t l"><span id=l>Label</span>');
    expect(name('#t')).toBe('Own Label');
  });
  test('unknown ids fall through to the next steps', () => {
    render('<button id=b aria-labelledby="nope">Content</button>');
    expect(name('#b')).toBe('Content');
  });
  test('IDREFs resolve in the element\'s own shadow tree scope', () => {
    render('<span id=l>outside</span><div id=host></div>');
    const root = el('#host').attachShadow({ mode: 'open' });
    root.innerHTML = '<span id=l>inside</span><button aria-labelledby=l>x</button>';
    expect(getElementAccessibleName(root.querySelector('button')!)).toBe('inside');
  });
});

describe('2C embedded controls in a label', () => {
  test('textbox value', () => {
    render('<label><input id=c type=checkbox> Flash <input value="3" aria-label="times count"> times</label>');
    expect(name('#c')).toBe('Flash 3 times');
  });
  test('select: the selected option', () => {
    render('<label><input id=c type=checkbox> Flash <select><option>1</option><option selected>2</option></select> times</label>');
    expect(name('#c')).toBe('Flash 2 times');
  });
  test('range: aria-valuetext, then aria-valuenow', () => {
    render('<label><input id=c type=checkbox> A <span role=slider aria-valuenow="4" aria-valuetext="four">x</span>'
      + ' <span role=spinbutton aria-valuenow="5">x</span></label>');
    expect(name('#c')).toBe('A four 5');
  });
  test('listbox: aria-selected options', () => {
    render('<label><input id=c type=checkbox> Pick <ul role=listbox><li role=option>a</li><li role=option aria-selected=true>b</li></ul></label>');
    expect(name('#c')).toBe('Pick b');
  });
  test('the control being named does not use its own value', () => {
    render('<label for=t>Name</label><input id=t value="typed">');
    expect(name('#t')).toBe('Name');
  });
});

describe('2D aria-label', () => {
  test('wins over content and host-language labels', () => {
    render('<label for=b>Label</label><button id=b aria-label="Aria">Content</button>');
    expect(name('#b')).toBe('Aria');
  });
  test('white space only is ignored', () => {
    render('<button id=b aria-label="  ">Content</button>');
    expect(name('#b')).toBe('Content');
  });
});

describe('2E host-language labels', () => {
  test('label[for], wrapping label and multiple labels, in document order', () => {
    render('<label for=i>First</label><label>Second <input id=i></label>');
    expect(name('#i')).toBe('First Second');
  });
  test('the same labels are found inside an ariaref pass (label index)', () => {
    render('<label for=i>First</label><label>Second <input id=i></label><label>Wrapped <select><option>x</option></select></label>'
      + '<label>Other <input id=other></label>');
    beginAriaCaches();
    try {
      expect(name('#i')).toBe('First Second');
      expect(name('select')).toBe('Wrapped'); // no id: enclosing labels only
    } finally {
      endAriaCaches();
    }
  });
  test('hidden labels name nothing (Chromium), unlike hidden aria-labelledby targets', () => {
    render('<label for=i>A</label><label for=i style="display:none">B</label><label for=i aria-hidden="true">C</label><input id=i>');
    expect(name('#i')).toBe('A');
  });
  test('fieldset legend, table caption, figure figcaption', () => {
    render('<fieldset id=f><legend>Legend</legend><input></fieldset>'
      + '<table id=t><caption>Caption</caption><tr><td>x</td></tr></table>'
      + '<figure id=g><img alt="pic"><figcaption>Figcaption</figcaption></figure>');
    expect(name('#f')).toBe('Legend');
    expect(name('#t')).toBe('Caption');
    expect(name('#g')).toBe('Figcaption');
  });
  test('alt of img, area and input[type=image]', () => {
    render('<img id=a alt="Photo"><map><area id=b alt="Region" href="#"></map><input id=c type=image alt="Go">');
    expect(name('#a')).toBe('Photo');
    expect(name('#b')).toBe('Region');
    expect(name('#c')).toBe('Go');
  });
  test('input buttons: value, else Submit/Reset defaults', () => {
    render('<input id=a type=button value="Do"><input id=b type=submit><input id=c type=reset><input id=d type=button>');
    expect(name('#a')).toBe('Do');
    expect(name('#b')).toBe('Submit');
    expect(name('#c')).toBe('Reset');
    expect(name('#d')).toBe('');
  });
  test('title wins over placeholder; placeholder and aria-placeholder otherwise', () => {
    render('<input id=a title="Title" placeholder="Ph"><input id=b placeholder="Ph"><textarea id=c placeholder="Area"></textarea>'
      + '<div id=d role=textbox contenteditable aria-placeholder="Type here"></div>');
    expect(name('#a')).toBe('Title');
    expect(name('#b')).toBe('Ph');
    expect(name('#c')).toBe('Area');
    expect(name('#d')).toBe('Type here');
  });
  test('svg <title> child and optgroup label', () => {
    render('<svg id=s role=img><title>Chart</title><text>ignored</text></svg>'
      + '<select><optgroup id=o label="Group"><option>a</option></optgroup></select>');
    expect(name('#s')).toBe('Chart');
    expect(name('#o')).toBe('Group');
  });
  test('presentational images contribute nothing, not even their title', () => {
    render('<a id=a href="#">Go <img alt="" role="presentation" title="tip"></a>');
    expect(name('#a')).toBe('Go');
  });
});

describe('2F name from content', () => {
  test('nested elements and images join in order', () => {
    render('<a id=a href="#"><span>one</span> <img alt="two"> <b>three</b></a>');
    expect(name('#a')).toBe('one two three');
  });
  test('block children are separated, inline ones are not', () => {
    render('<button id=b><div>one</div><div>two</div><span>x</span><span>y</span></button>');
    expect(name('#b')).toBe('one two xy');
  });
  test('text from attributes is set apart from neighbouring text', () => {
    render('<button id=b>Go<img alt="fast">now<span aria-label="!">x</span></button>');
    expect(name('#b')).toBe('Go fast now !');
  });
  test('nested groups and other containers stay out of an ancestor\'s name', () => {
    render('<ul role=tree><li id=t role=treeitem>Parent<ul role=group><li role=treeitem>Child</li></ul></li></ul>'
      + '<a id=a href="#">Go<span role=navigation>nav</span></a>');
    expect(name('#t')).toBe('Parent');
    expect(name('#a')).toBe('Go');
  });
  test('roles without name from content get no name from their text', () => {
    render('<div id=d role=navigation>Links</div><p id=p>Text</p>');
    expect(name('#d')).toBe('');
    expect(name('#p')).toBe('');
  });
  test('name from content crosses open shadow roots, slots and fallback content', () => {
    render('<button id=b><span id=host>slotted</span></button><button id=c><span id=host2></span></button>');
    el('#host').attachShadow({ mode: 'open' }).innerHTML = 'foo <slot></slot> bar';
    el('#host2').attachShadow({ mode: 'open' }).innerHTML = 'foo <slot>fallback</slot> bar';
    expect(name('#b')).toBe('foo slotted bar');
    expect(name('#c')).toBe('foo fallback bar');
  });
  test('aria-owns children count as content', () => {
    render('<div id=t role=tab aria-owns="o">Tab</div><span id=o>owned</span>');
    expect(name('#t')).toBe('Tab owned');
  });
  test('white space is normalised, internal NBSP kept', () => {
    render('<button id=b>\n  Save\u00a0all \t files  </button>');
    expect(name('#b')).toBe('Save\u00a0all files');
  });
});

describe('2I tooltip', () => {
  test('title is the last resort', () => {
    render('<button id=b title="Close"></button><a id=a href="#" title="Ignored">Text</a>');
    expect(name('#b')).toBe('Close');
    expect(name('#a')).toBe('Text');
  });
});

describe('description', () => {
  test('aria-describedby, joined, hidden references included', () => {
    render('<span id=d1>First</span><span id=d2 hidden>Second</span><button id=b aria-describedby="d1 d2">x</button>');
    expect(description('#b')).toBe('First Second');
  });
  test('aria-description when there is no describedby', () => {
    render('<button id=b aria-description="Deletes everything">x</button>');
    expect(description('#b')).toBe('Deletes everything');
  });
  test('title describes unless it already named the element or repeats the name', () => {
    render('<button id=a title="Tip">Save</button><button id=b title="Tip"></button><button id=c title="Save">Save</button>');
    expect(description('#a')).toBe('Tip');
    expect(description('#b')).toBe('');
    expect(description('#c')).toBe('');
  });
});

describe('passes', () => {
  test('results computed inside a pass match those outside one', () => {
    render('<label for=i>Email</label><input id=i aria-describedby=h><span id=h>We never share it</span>');
    const outside = [name('#i'), description('#i')];
    beginAriaCaches();
    try {
      expect([name('#i'), description('#i')]).toEqual(outside);
      expect([name('#i'), description('#i')]).toEqual(['Email', 'We never share it']);
    } finally {
      endAriaCaches();
    }
  });
});

describe('CSS generated content (computed `content` values)', () => {
  const host = () => { const e = document.createElement('span'); e.setAttribute('data-x', 'attr value'); return e; };
  test('strings, escapes and attr() are text; none/normal, images, counters and quotes are not', () => {
    expect(cssContentText('none', host())).toBe('');
    expect(cssContentText('normal', host())).toBe('');
    expect(cssContentText('" before "', host())).toBe(' before ');
    expect(cssContentText('"a\\"b" \'c\'', host())).toBe('a"bc');
    expect(cssContentText('"\\2014 x"', host())).toBe('\u2014x');
    expect(cssContentText('url("x.png") "after" counter(item) open-quote', host())).toBe('after');
    expect(cssContentText('"[" attr(data-x) "]"', host())).toBe('[attr value]');
  });
  test('the alternative text after "/" replaces the visible content, even when empty', () => {
    expect(cssContentText('" before " / " alt "', host())).toBe(' alt ');
    expect(cssContentText('"before " url("x.png") / ""', host())).toBe('');
    expect(cssContentText('"x" / "start " attr(data-x) " end"', host())).toBe('start attr value end');
  });
});

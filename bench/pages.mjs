// Benchmark page generators: each returns a full HTML document as a string. Content is
// deterministic so two runs (and ours vs Playwright) see exactly the same DOM.

const page = (title, body, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;

/** One row: a text cell, a link, a button and a checkbox — the shape of a typical admin table. */
function row(i) {
  return `<tr id="r${i}"><td>Order ${i}</td>` +
    `<td><a href="/orders/${i}">Open ${i}</a></td>` +
    `<td><button type="button">Delete ${i}</button></td>` +
    `<td><input type="checkbox" aria-label="Select ${i}"></td></tr>`;
}

export function table(rows) {
  const body = [];
  for (let i = 1; i <= rows; i++) body.push(row(i));
  return page(`Table ${rows}`,
    `<main><h1>Orders</h1><table aria-label="Orders"><thead><tr><th>Order</th><th>Link</th><th>Action</th><th>Select</th></tr></thead>` +
    `<tbody>${body.join('')}</tbody></table></main>`);
}

/**
 * A chain of `depth` nested elements with a button at the bottom. Built by script: the HTML
 * parser caps nesting at 512 levels, and we want the real depth in the DOM.
 */
export function deep(depth) {
  return page(`Deep ${depth}`, '<main id="root"></main>', `
    let node = document.getElementById('root');
    for (let i = 0; i < ${depth}; i++) {
      const child = document.createElement(i % 10 === 0 ? 'section' : 'div');
      if (i % 10 === 0) child.setAttribute('aria-label', 'Level ' + i);
      if (i % 100 === 0) child.appendChild(document.createTextNode('Depth ' + i));
      node.appendChild(child);
      node = child;
    }
    const button = document.createElement('button');
    button.textContent = 'Bottom';
    node.appendChild(button);`);
}

const controlKinds = [
  i => `<input type="text" id="c${i}" value="v${i}">`,
  i => `<input type="checkbox" id="c${i}">`,
  i => `<select id="c${i}"><option>One</option><option>Two</option></select>`,
  i => `<textarea id="c${i}">t${i}</textarea>`,
  i => `<input type="radio" name="g${Math.floor(i / 5)}" id="c${i}">`,
];

export function form(count) {
  const fields = [];
  for (let i = 0; i < count; i++)
    fields.push(`<div><label for="c${i}">Field ${i}</label>${controlKinds[i % controlKinds.length](i)}</div>`);
  return page(`Form ${count}`, `<main><form aria-label="Big form">${fields.join('')}<button>Submit</button></form></main>`);
}

/** `count` hosts, each with an open shadow root holding a heading, text and a button. */
export function shadow(count) {
  return page(`Shadow ${count}`, '<main id="root"></main>', `
    const root = document.getElementById('root');
    for (let i = 0; i < ${count}; i++) {
      const host = document.createElement('div');
      const sr = host.attachShadow({ mode: 'open' });
      sr.innerHTML = '<h3>Card ' + i + '</h3><p>Body of card ' + i + '</p><button>Action ' + i + '</button>';
      root.appendChild(host);
    }`);
}

export function frameChild(i) {
  return page(`Frame ${i}`, `<h2>Frame ${i}</h2><p>Inside frame ${i}</p><button>Frame button ${i}</button><a href="/x${i}">Frame link ${i}</a>`);
}

export function frames(count) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(`<iframe title="Frame ${i}" src="/frame/${i}" width="200" height="100"></iframe>`);
  return page(`Frames ${count}`, `<main><h1>Frames</h1>${list.join('')}</main>`);
}

/** The benchmark set: name -> { path, html, runs } (fewer runs where a single snapshot is slow). */
export function benchPages() {
  return [
    { name: 'table-100', html: table(100), runs: 7 },
    { name: 'table-1000', html: table(1000), runs: 7 },
    { name: 'table-5000', html: table(5000), runs: 5 },
    { name: 'deep-2000', html: deep(2000), runs: 5 },
    { name: 'form-500', html: form(500), runs: 7 },
    { name: 'shadow-200', html: shadow(200), runs: 7 },
    { name: 'iframes-20', html: frames(20), runs: 7 },
  ];
}

// A query console with a CodeMirror 6 editor (basic setup, JavaScript mode) and a Run button.
import { EditorView, basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { report } from './report.js';

document.getElementById('root').innerHTML = `<header><h1>Orders console</h1>
<nav aria-label="Console"><a href="#queries">Saved queries</a> <a href="#history">History</a> <a href="#docs">Docs</a></nav></header>
<main><p>Write a function body over <code>orders</code> (an array of { id, customer, total }) and run it.</p>
<div id="editor"></div><button id="run" type="button">Run</button><h2>Output</h2><pre id="out">(not run yet)</pre></main>`;

const view = new EditorView({
  doc: [
    '// Orders over a threshold, newest first',
    'const threshold = 50;',
    'return orders',
    '  .filter(order => order.total > threshold)',
    '  .sort((a, b) => b.id - a.id)',
    '  .slice(0, 10);',
  ].join('\n'),
  extensions: [basicSetup, javascript(), EditorView.contentAttributes.of({ 'aria-label': 'Query editor' })],
  parent: document.getElementById('editor'),
});

document.getElementById('run').addEventListener('click', () => {
  const code = view.state.doc.toString();
  document.getElementById('out').textContent = `Ran ${code.split('\n').length} line(s)`;
  report({ ran: code });
});

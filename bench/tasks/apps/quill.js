// A release-notes editor with Quill 2 (snow theme, toolbar) and a Publish button.
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { report } from './report.js';

document.getElementById('root').innerHTML = `<header><h1>Release notes</h1>
<nav aria-label="Releases"><a href="#drafts">Drafts</a> <a href="#published">Published</a> <a href="#archive">Archive</a></nav></header>
<main><p>Version 2.4 is scheduled for Thursday. Describe what changed for customers.</p>
<div id="editor"><p>Draft:</p></div><button id="publish" type="button">Publish</button><p id="out" role="status"></p></main>`;

const quill = new Quill('#editor', {
  theme: 'snow',
  modules: { toolbar: [[{ header: [1, 2, false] }], ['bold', 'italic', 'underline', 'link'], [{ list: 'ordered' }, { list: 'bullet' }], ['clean']] },
});
// What accessible apps add to Quill's editable root: a textbox role and a name.
quill.root.setAttribute('role', 'textbox');
quill.root.setAttribute('aria-multiline', 'true');
quill.root.setAttribute('aria-label', 'Release notes');

document.getElementById('publish').addEventListener('click', () => {
  const text = quill.getText().trim();
  document.getElementById('out').textContent = 'Published';
  report({ published: text });
});

// A support inbox built with Bootstrap 5: a dropdown menu and a modal form (text, select, textarea).
import 'bootstrap/dist/css/bootstrap.min.css';
import { Modal } from 'bootstrap';
import { report } from './report.js';

const messages = [
  ['Refund for order #4411', 'Maria Lopez', '2 min ago', 'I was charged twice for the same order.'],
  ['Cannot reset password', 'Tom Becker', '14 min ago', 'The reset link says it expired.'],
  ['Invoice address', 'Priya Natarajan', '1 h ago', 'Please change the billing address on invoice 2291.'],
  ['Shipping to Norway?', 'Lars Eriksen', '3 h ago', 'Do you ship to Tromsø, and how long does it take?'],
  ['Damaged package', 'Chen Wei', 'Yesterday', 'The box arrived crushed; photos attached.'],
  ['Bulk discount', 'Olivia Brown', 'Yesterday', 'We would like 200 units for our offices.'],
  ['App crashes on start', 'Kwame Mensah', 'Mon', 'Version 3.2 closes right after the splash screen.'],
  ['Thanks!', 'Sofia Rossi', 'Sun', 'Just wanted to say the new dashboard is great.'],
];

document.getElementById('root').innerHTML = `
<nav class="navbar navbar-expand bg-body-tertiary border-bottom">
  <div class="container-fluid">
    <a class="navbar-brand" href="#inbox">HelpDesk</a>
    <ul class="navbar-nav me-auto">
      <li class="nav-item"><a class="nav-link active" aria-current="page" href="#inbox">Inbox</a></li>
      <li class="nav-item"><a class="nav-link" href="#assigned">Assigned to me</a></li>
      <li class="nav-item"><a class="nav-link" href="#reports">Reports</a></li>
      <li class="nav-item"><a class="nav-link" href="#settings">Settings</a></li>
    </ul>
    <span class="navbar-text">Agent: Sam Carter</span>
  </div>
</nav>
<main class="container my-3">
  <h1 class="h3">Inbox</h1>
  <div class="d-flex gap-2 my-2">
    <button type="button" class="btn btn-primary" data-bs-toggle="modal" data-bs-target="#compose">New message</button>
    <div class="dropdown">
      <button class="btn btn-outline-secondary dropdown-toggle" type="button" data-bs-toggle="dropdown" aria-expanded="false">Sort by</button>
      <ul class="dropdown-menu">
        <li><a class="dropdown-item" href="#" data-sort="newest">Newest first</a></li>
        <li><a class="dropdown-item" href="#" data-sort="oldest">Oldest first</a></li>
        <li><a class="dropdown-item" href="#" data-sort="unread">Unread first</a></li>
        <li><hr class="dropdown-divider"></li>
        <li><a class="dropdown-item" href="#" data-sort="sender">Sender name</a></li>
      </ul>
    </div>
  </div>
  <p id="sort-note" class="text-body-secondary">Sorted by: default</p>
  <div class="list-group" id="messages">
    ${messages.map(([s, f, t, b]) => `<a href="#" class="list-group-item list-group-item-action">
      <div class="d-flex w-100 justify-content-between"><h2 class="h6 mb-1">${s}</h2><small>${t}</small></div>
      <p class="mb-1">${b}</p><small>${f}</small></a>`).join('')}
  </div>
</main>
<div class="modal fade" id="compose" tabindex="-1" aria-labelledby="compose-title" aria-hidden="true">
  <div class="modal-dialog">
    <form class="modal-content" id="compose-form">
      <div class="modal-header">
        <h2 class="modal-title fs-5" id="compose-title">New message</h2>
        <button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Close"></button>
      </div>
      <div class="modal-body">
        <div class="mb-3"><label for="to" class="form-label">Recipient</label><input type="email" class="form-control" id="to" required></div>
        <div class="mb-3"><label for="priority" class="form-label">Priority</label>
          <select class="form-select" id="priority"><option>Low</option><option selected>Normal</option><option>High</option><option>Urgent</option></select></div>
        <div class="mb-3"><label for="body" class="form-label">Message</label><textarea class="form-control" id="body" rows="4" required></textarea></div>
      </div>
      <div class="modal-footer">
        <button type="button" class="btn btn-secondary" data-bs-dismiss="modal">Close</button>
        <button type="submit" class="btn btn-primary">Send message</button>
      </div>
    </form>
  </div>
</div>
<div class="toast-container position-fixed bottom-0 end-0 p-3"><div id="sent" role="status" class="text-success"></div></div>`;

document.querySelectorAll('[data-sort]').forEach(item => item.addEventListener('click', event => {
  event.preventDefault();
  document.getElementById('sort-note').textContent = `Sorted by: ${item.textContent}`;
  report({ sort: item.dataset.sort });
}));
document.getElementById('compose-form').addEventListener('submit', event => {
  event.preventDefault();
  const sent = { to: document.getElementById('to').value, priority: document.getElementById('priority').value, body: document.getElementById('body').value };
  Modal.getOrCreateInstance(document.getElementById('compose')).hide();
  document.getElementById('sent').textContent = `Message sent to ${sent.to}`;
  report({ sent });
});

// The sixteen tasks: what a person does on each app, and how the app's own state says it was done.
// `app` picks the page (/<app>/<task id>); `done(state)` reads what the page posted (apps/report.js).
import { click, fill, type } from './agent.mjs';

const el = (role, name, extra) => ({ role, name, ...extra });

const CODE = 'return orders.filter(order => order.total > 100);';
const NOTES = 'Version 2.4 fixes login timeouts and speeds up search.';

export const families = {
  rac: 'react-aria-components', mui: '@mui/material', bootstrap: 'bootstrap', grid: 'ag-grid-community',
  codemirror: 'codemirror 6', quill: 'quill', calendar: 'fullcalendar', swagger: 'swagger-ui-dist',
};

export const tasks = [
  { id: 'rac-menu', app: 'rac', goal: 'open the Actions menu, choose Duplicate',
    steps: [click(el('button', 'Actions')), click(el('menuitem', 'Duplicate'))],
    done: s => s.action === 'duplicate' },
  { id: 'rac-combobox', app: 'rac', goal: 'type "Can" into Country, pick Canada',
    steps: [type(el('combobox', 'Country'), 'Can'), click(el('option', 'Canada'))],
    done: s => s.country === 'Canada' },
  { id: 'rac-select', app: 'rac', goal: 'open Report frequency, choose Weekly',
    steps: [click(el('button', /Report frequency/)), click(el('option', 'Weekly'))],
    done: s => s.frequency === 'weekly' },
  { id: 'rac-checkbox', app: 'rac', goal: 'check "Comments" (hidden input in its label)',
    steps: [click(el('checkbox', 'Comments'))],
    done: s => s.comments === true },
  { id: 'rac-radio', app: 'rac', goal: 'choose the "Email" radio (hidden input in its label)',
    steps: [click(el('radio', 'Email'))],
    done: s => s.contact === 'email' },
  { id: 'rac-switch', app: 'rac', goal: 'turn on "Dark mode" (hidden input in its label)',
    steps: [click(el('switch', 'Dark mode'))],
    done: s => s.darkMode === true },
  { id: 'mui-autocomplete', app: 'mui', goal: 'type "Godfather" into Film, pick The Godfather',
    steps: [type(el('combobox', 'Film'), 'Godfather'), click(el('option', 'The Godfather'))],
    done: s => s.film === 'The Godfather' },
  { id: 'mui-select', app: 'mui', goal: 'open Snack, choose Nachos',
    steps: [click(el('combobox', /Snack/)), click(el('option', 'Nachos'))],
    done: s => s.snack === 'nachos' },
  { id: 'mui-dialog-form', app: 'mui', goal: 'Invite guest: fill Name and Email in the dialog, Send invite',
    steps: [
      click(el('button', 'Invite guest')),
      fill([{ loc: el('textbox', 'Name'), type: 'textbox', value: 'Katherine Johnson' }, { loc: el('textbox', 'Email'), type: 'textbox', value: 'katherine@example.com' }]),
      click(el('button', 'Send invite')),
    ],
    done: s => s.guests?.some(g => g.name === 'Katherine Johnson' && g.email === 'katherine@example.com') },
  { id: 'bootstrap-dropdown', app: 'bootstrap', goal: 'open Sort by, choose Unread first',
    steps: [click(el('button', 'Sort by')), click(el('link', 'Unread first'))],
    done: s => s.sort === 'unread' },
  { id: 'bootstrap-modal-form', app: 'bootstrap', goal: 'New message: fill Recipient, Priority, Message in the modal, Send',
    steps: [
      click(el('button', 'New message')),
      fill([
        { loc: el('textbox', 'Recipient'), type: 'textbox', value: 'maria@example.com' },
        { loc: el('combobox', 'Priority'), type: 'combobox', value: 'High' },
        { loc: el('textbox', 'Message'), type: 'textbox', value: 'Your refund was issued today.' },
      ]),
      click(el('button', 'Send message')),
    ],
    done: s => s.sent?.to === 'maria@example.com' && s.sent.priority === 'High' && s.sent.body === 'Your refund was issued today.' },
  { id: 'grid-filter-sort', app: 'grid', goal: 'filter Make to "Ford", sort Price descending (two header clicks)',
    steps: [type(el('textbox', 'Make Filter Input'), 'Ford'), click(el('columnheader', 'Price')), click(el('columnheader', 'Price'))],
    done: s => s.filter?.make?.filter === 'Ford' && s.sort?.length === 1 && s.sort[0].colId === 'price' && s.sort[0].sort === 'desc'
      && s.shown?.length > 0 && s.shown.every(r => r.startsWith('Ford '))
      && s.shown.every((r, i, all) => i === 0 || Number(all[i - 1].split(' ').at(-1)) >= Number(r.split(' ').at(-1))) },
  { id: 'codemirror-edit', app: 'codemirror', goal: 'replace the query in the CodeMirror editor, Run',
    steps: [type(el('textbox', 'Query editor'), CODE), click(el('button', 'Run'))],
    done: s => s.ran === CODE },
  { id: 'quill-edit', app: 'quill', goal: 'write the notes in the Quill editor, Publish',
    steps: [type(el('textbox', 'Release notes'), NOTES), click(el('button', 'Publish'))],
    done: s => s.published === NOTES },
  { id: 'calendar-page', app: 'calendar', goal: 'page to March 2026, open "Quarterly review"',
    steps: [click(el('button', 'Next month')), click(el('button', 'Next month')), click({ text: 'Quarterly review' })],
    done: s => s.view === 'March 2026' && s.opened?.title === 'Quarterly review' },
  { id: 'swagger-try', app: 'swagger', goal: 'GET /pet/{petId} (all operations expanded): Try it out, petId 7, Execute',
    steps: [
      click(el('button', 'Try it out', { after: el('button', 'GET /pet/{petId} Find pet by ID') })),
      type(el('textbox', 'petId', { enabled: true }), '7'), click(el('button', 'Execute')),
    ],
    done: s => s.response?.url === '/api/pet/7' && s.response.status === 200 },
];

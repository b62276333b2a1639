// A team calendar with FullCalendar 6 (month grid): prev/next/today paging and clickable events.
import { Calendar } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import { report } from './report.js';

document.getElementById('root').innerHTML = `<header><h1>Team calendar</h1><p>Engineering events for the first half of 2026.</p></header>
<main><div id="calendar" style="max-width: 900px"></div><p id="picked" role="status"></p></main>`;

const events = [
  ['Sprint planning', '2026-01-05'], ['Design review', '2026-01-14'], ['All hands', '2026-01-23'],
  ['Sprint planning', '2026-02-02'], ['Security audit', '2026-02-11'], ['Offsite', '2026-02-19'],
  ['Sprint planning', '2026-03-02'], ['Quarterly review', '2026-03-18'], ['Hackathon', '2026-03-26'],
  ['Sprint planning', '2026-04-06'], ['Launch day', '2026-04-21'],
].map(([title, start]) => ({ title, start }));

const calendar = new Calendar(document.getElementById('calendar'), {
  plugins: [dayGridPlugin],
  initialView: 'dayGridMonth',
  initialDate: '2026-01-12',
  events,
  datesSet: info => report({ view: info.view.title }),
  eventClick: info => {
    info.jsEvent.preventDefault();
    document.getElementById('picked').textContent = `${info.event.title} on ${info.event.startStr}`;
    report({ opened: { title: info.event.title, date: info.event.startStr } });
  },
});
calendar.render();

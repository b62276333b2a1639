// A settings app built from react-aria-components: a menu, a combobox, a select and the
// checkbox, radio and switch whose native inputs are visually hidden inside their labels.
import { createRoot } from 'react-dom/client';
import {
  Button, Checkbox, ComboBox, Input, Label, ListBox, ListBoxItem, Menu, MenuItem, MenuTrigger,
  Popover, Radio, RadioGroup, Select, SelectValue, Switch,
} from 'react-aria-components';
import { report } from './report.js';

const countries = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'China',
  'Colombia', 'Denmark', 'Egypt', 'Finland', 'France', 'Germany', 'Greece', 'India', 'Ireland', 'Italy',
  'Japan', 'Kenya', 'Mexico', 'Netherlands', 'Norway', 'Peru', 'Poland', 'Portugal', 'Spain', 'Sweden',
  'Switzerland', 'United Kingdom', 'United States'];
const projects = [
  ['Apollo', 'Customer portal rewrite', 'Active', 12],
  ['Borealis', 'Data warehouse migration', 'Active', 7],
  ['Cirrus', 'Mobile app for field staff', 'Paused', 4],
  ['Delta', 'Billing engine', 'Active', 9],
  ['Echo', 'Internal search', 'Archived', 2],
  ['Fjord', 'Partner API gateway', 'Active', 5],
];

function Nav() {
  return (
    <header className="top">
      <strong>Acme Console</strong>
      <nav aria-label="Main">
        {['Home', 'Projects', 'Team', 'Billing', 'Reports', 'Settings'].map(n =>
          <a key={n} href={`#${n.toLowerCase()}`}>{n}</a>)}
      </nav>
      <a href="#profile">Signed in as Dana Scully</a>
    </header>
  );
}

function ProjectList() {
  return (
    <section aria-labelledby="projects-h">
      <h2 id="projects-h">Projects</h2>
      <div className="toolbar">
        <MenuTrigger>
          <Button>Actions</Button>
          <Popover>
            <Menu onAction={key => report({ action: key })}>
              <MenuItem id="edit">Edit</MenuItem>
              <MenuItem id="duplicate">Duplicate</MenuItem>
              <MenuItem id="archive">Archive</MenuItem>
              <MenuItem id="share">Share…</MenuItem>
              <MenuItem id="delete">Delete</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      <ul className="cards">
        {projects.map(([name, text, status, members]) => (
          <li key={name}>
            <h3>{name}</h3>
            <p>{text}</p>
            <p>{status} · {members} members · <a href={`#projects/${name.toLowerCase()}`}>Open</a></p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Preferences() {
  return (
    <section aria-labelledby="prefs-h">
      <h2 id="prefs-h">Preferences</h2>
      <ComboBox onSelectionChange={key => report({ country: key })}>
        <Label>Country</Label>
        <div className="field"><Input /><Button aria-label="Show countries">▾</Button></div>
        <Popover>
          <ListBox>{countries.map(c => <ListBoxItem key={c} id={c}>{c}</ListBoxItem>)}</ListBox>
        </Popover>
      </ComboBox>
      <Select onSelectionChange={key => report({ frequency: key })} defaultSelectedKey="daily">
        <Label>Report frequency</Label>
        <Button><SelectValue /> ▾</Button>
        <Popover>
          <ListBox>
            <ListBoxItem id="daily">Daily</ListBoxItem>
            <ListBoxItem id="weekly">Weekly</ListBoxItem>
            <ListBoxItem id="monthly">Monthly</ListBoxItem>
            <ListBoxItem id="never">Never</ListBoxItem>
          </ListBox>
        </Popover>
      </Select>
      <fieldset>
        <legend>Email me about</legend>
        {['Comments', 'Mentions', 'Weekly digest'].map(n => (
          <Checkbox key={n} onChange={v => report({ [n.toLowerCase()]: v })}>
            <span className="box" aria-hidden="true" />{n}
          </Checkbox>
        ))}
      </fieldset>
      <RadioGroup defaultValue="none" onChange={v => report({ contact: v })}>
        <Label>Contact by</Label>
        <Radio value="email">Email</Radio>
        <Radio value="sms">SMS</Radio>
        <Radio value="phone">Phone</Radio>
        <Radio value="none">Do not contact</Radio>
      </RadioGroup>
      <Switch onChange={v => report({ darkMode: v })}><span className="track" aria-hidden="true" />Dark mode</Switch>
      <Switch onChange={v => report({ beta: v })}><span className="track" aria-hidden="true" />Beta features</Switch>
    </section>
  );
}

function App() {
  return (
    <>
      <Nav />
      <main>
        <h1>Workspace settings</h1>
        <p>Changes are saved as you make them. Members of the workspace see the project list; only owners see billing.</p>
        <ProjectList />
        <Preferences />
      </main>
      <footer><a href="#privacy">Privacy</a> <a href="#terms">Terms</a> <a href="#status">Status</a> © 2026 Acme</footer>
    </>
  );
}

createRoot(document.getElementById('root')).render(<App />);

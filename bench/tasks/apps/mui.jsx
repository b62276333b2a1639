// A movie-night planner built from @mui/material: an Autocomplete, a Select and a Dialog form.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AppBar, Autocomplete, Box, Button, Container, CssBaseline, Dialog, DialogActions, DialogContent,
  DialogTitle, FormControl, InputLabel, MenuItem, Paper, Select, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, TextField, Toolbar, Typography,
} from '@mui/material';
import { report } from './report.js';

const films = ['The Shawshank Redemption', 'The Godfather', 'The Godfather: Part II', 'The Dark Knight',
  '12 Angry Men', "Schindler's List", 'Pulp Fiction', 'The Lord of the Rings: The Return of the King',
  'The Good, the Bad and the Ugly', 'Fight Club', 'Forrest Gump', 'Inception', 'The Matrix', 'Goodfellas',
  'Seven Samurai', 'City of God', 'Se7en', 'The Silence of the Lambs', "It's a Wonderful Life",
  'Life Is Beautiful', 'Spirited Away', 'Saving Private Ryan', 'Interstellar', 'The Green Mile',
  'Parasite', 'Léon: The Professional', 'The Pianist', 'Gladiator', 'Casablanca', 'Alien'];
const initialGuests = [
  ['Ada Lovelace', 'ada@example.com', 'Host'], ['Alan Turing', 'alan@example.com', 'Guest'],
  ['Grace Hopper', 'grace@example.com', 'Guest'], ['Linus Torvalds', 'linus@example.com', 'Guest'],
];

function GuestDialog({ open, onClose, onSave }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Invite a guest</DialogTitle>
      <DialogContent>
        <TextField label="Name" value={name} onChange={e => setName(e.target.value)} fullWidth margin="dense" />
        <TextField label="Email" type="email" value={email} onChange={e => setEmail(e.target.value)} fullWidth margin="dense" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => { onSave([name, email, 'Guest']); setName(''); setEmail(''); }}>Send invite</Button>
      </DialogActions>
    </Dialog>
  );
}

function App() {
  const [film, setFilm] = useState(null);
  const [snack, setSnack] = useState('');
  const [guests, setGuests] = useState(initialGuests);
  const [open, setOpen] = useState(false);
  return (
    <>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>Movie Club</Typography>
          <Button color="inherit" href="#calendar">Calendar</Button>
          <Button color="inherit" href="#members">Members</Button>
          <Button color="inherit" href="#account">Account</Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md">
        <Typography variant="h4" component="h1" sx={{ my: 2 }}>Plan Friday's movie night</Typography>
        <Typography paragraph>Pick the film and the snack, then invite your guests. Everyone gets an email with the details.</Typography>
        <Box sx={{ display: 'flex', gap: 2, my: 2 }}>
          <Autocomplete options={films} value={film} sx={{ width: 320 }}
            onChange={(e, v) => { setFilm(v); report({ film: v }); }}
            renderInput={params => <TextField {...params} label="Film" />} />
          <FormControl sx={{ width: 200 }}>
            <InputLabel id="snack-label">Snack</InputLabel>
            <Select labelId="snack-label" label="Snack" value={snack}
              onChange={e => { setSnack(e.target.value); report({ snack: e.target.value }); }}>
              <MenuItem value="popcorn">Popcorn</MenuItem>
              <MenuItem value="nachos">Nachos</MenuItem>
              <MenuItem value="pretzels">Pretzels</MenuItem>
              <MenuItem value="fruit">Fruit salad</MenuItem>
            </Select>
          </FormControl>
        </Box>
        <Typography variant="h5" component="h2" sx={{ mt: 3 }}>Guests</Typography>
        <TableContainer component={Paper} sx={{ my: 1 }}>
          <Table size="small" aria-label="Guests">
            <TableHead><TableRow><TableCell>Name</TableCell><TableCell>Email</TableCell><TableCell>Role</TableCell></TableRow></TableHead>
            <TableBody>
              {guests.map(([n, e, r]) => <TableRow key={e + n}><TableCell>{n}</TableCell><TableCell>{e}</TableCell><TableCell>{r}</TableCell></TableRow>)}
            </TableBody>
          </Table>
        </TableContainer>
        <Button variant="outlined" onClick={() => setOpen(true)}>Invite guest</Button>
        <GuestDialog open={open} onClose={() => setOpen(false)}
          onSave={g => { const next = [...guests, g]; setGuests(next); setOpen(false); report({ guests: next.map(x => ({ name: x[0], email: x[1] })) }); }} />
      </Container>
    </>
  );
}

createRoot(document.getElementById('root')).render(<App />);

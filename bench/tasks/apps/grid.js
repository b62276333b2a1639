// A car inventory in ag-grid-community: sortable columns with floating text filters.
import { AllCommunityModule, ModuleRegistry, createGrid } from 'ag-grid-community';
import { report } from './report.js';

ModuleRegistry.registerModules([AllCommunityModule]);

const makes = ['Toyota', 'Ford', 'Porsche', 'BMW', 'Tesla', 'Volvo', 'Honda', 'Audi'];
const models = { Toyota: ['Corolla', 'RAV4', 'Prius'], Ford: ['Mustang', 'Focus', 'F-150', 'Kuga'], Porsche: ['Boxster', 'Taycan'],
  BMW: ['i3', 'X5', '330e'], Tesla: ['Model 3', 'Model Y'], Volvo: ['XC40', 'V60'], Honda: ['Civic', 'Jazz'], Audi: ['A4', 'Q5', 'e-tron'] };
const rows = [];
for (let i = 0; i < 40; i++) {
  const make = makes[(i * 5) % makes.length];
  const list = models[make];
  rows.push({ make, model: list[i % list.length], year: 2016 + (i * 7) % 9, price: 18000 + ((i * 7919) % 61) * 1000, electric: ['Tesla', 'Porsche'].includes(make) && i % 2 === 0 });
}

document.getElementById('root').innerHTML = `<header><h1>Fleet inventory</h1>
<p>Cars in stock at the Riverside depot. Sort by a column header; filter with the boxes under the headers.</p></header>
<main><div id="grid" style="height: 520px; width: 760px"></div><p id="count" role="status"></p></main>`;

const api = createGrid(document.getElementById('grid'), {
  rowData: rows,
  columnDefs: [
    { field: 'make', filter: 'agTextColumnFilter' },
    { field: 'model', filter: 'agTextColumnFilter' },
    { field: 'year', filter: 'agNumberColumnFilter' },
    { field: 'price', filter: 'agNumberColumnFilter', valueFormatter: p => `$${p.value.toLocaleString('en-US')}` },
    { field: 'electric' },
  ],
  defaultColDef: { sortable: true, floatingFilter: true, flex: 1 },
  onModelUpdated: () => {
    const shown = [];
    api?.forEachNodeAfterFilterAndSort(n => shown.push(n.data));
    document.getElementById('count').textContent = `${shown.length} of ${rows.length} cars`;
    if (!api) return;
    report({
      filter: api.getFilterModel(),
      sort: api.getColumnState().filter(c => c.sort).map(c => ({ colId: c.colId, sort: c.sort })),
      shown: shown.map(r => `${r.make} ${r.model} ${r.price}`),
    });
  },
});

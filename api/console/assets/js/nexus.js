// The page "Where must I register?": the economic-nexus report of the
// tenant's sellers on a day (GET /admin/v1/nexus/report, an admin
// token's), as a map of the US states coloured by status, drawn from the
// state boundaries the tax area map uses, and as a table with each
// state's explanation; a click on a state or a row, or the button of a
// row's state, shows it.

import { add, field, fill, h, table, today } from './dom.js';
import { call } from './session.js';
import { inside, prepare, world } from './map.js';

// The colours of the statuses, and their words in the legend.
const COLOURS = {
  none: '#f3efe6', approaching: '#fbbf24', exceeded: '#dc2626', registered: '#2563eb',
};
const WORDS = {
  none: 'under the threshold', approaching: 'approaching', exceeded: 'exceeded: register', registered: 'registered',
};

// The view: the lower 48 states, in world pixels at zoom 0.
const [VX0, VY0] = world(-125.5, 49.8);
const [VX1, VY1] = world(-66.5, 24.2);

// states keeps the prepared state boundaries while the tab lives.
let states = null;

// the last day and share asked, kept while the tab lives; no share asks
// for the tenant's (its policy's nexusShare, else 0.8).
const asked = { asOf: today(), share: '' };

// percent says a share of a threshold (0.805) as a percentage (80.5%),
// to the fourth decimal of a percent, not rounded to a whole one: a
// share the route took must read as itself.
function percent(share) {
  return `${Number((Number(share) * 100).toFixed(4))}%`;
}

// render draws the page in root.
export function render(root, { status, fail }) {
  const asOf = h('input', { type: 'date', id: 'nexus-as-of', value: asked.asOf, required: true });
  const share = h('input', { type: 'number', id: 'nexus-share', value: asked.share, min: '0.0001', max: '1', step: 'any', placeholder: "the tenant's" });
  const form = h('form', { class: 'card', id: 'nexus-form' },
    h('div', { class: 'row' }, field('As of', asOf), field('Approaching from (share of a threshold)', share),
      h('button', { type: 'submit' }, 'Show')));
  const canvas = h('canvas', {
    id: 'nexus-map', width: 960, height: 560, tabindex: 0, role: 'img',
    'aria-label': 'Map of the US states coloured by economic-nexus status; the table below says the same.',
  });
  const legend = h('p', { class: 'legend', id: 'nexus-legend' }, Object.keys(COLOURS).map((s) => h('span', { class: 'legend-item' },
    h('span', { class: `swatch nexus-${s}` }), ` ${WORDS[s]} `)));
  const detail = h('p', { id: 'nexus-detail', class: 'note', 'aria-live': 'polite' });
  const tableBox = h('section', { id: 'nexus-table', 'aria-label': 'Status per state' });
  add(root, form, h('div', { class: 'card' }, canvas, legend, detail), tableBox);
  let rows = [];

  const byState = () => {
    const m = new Map();
    for (const r of rows) {
      const cur = m.get(r.state);
      // Several companies: the state shows the most pressing status.
      const rank = { exceeded: 3, approaching: 2, registered: 1, none: 0 };
      if (!cur || rank[r.status] > rank[cur.status]) m.set(r.state, r);
    }
    return m;
  };

  const draw = () => {
    const ctx = canvas.getContext('2d');
    const w = canvas.width; const ht = canvas.height;
    ctx.clearRect(0, 0, w, ht);
    if (!states) return;
    const k = Math.min(w / (VX1 - VX0), ht / (VY1 - VY0));
    const m = byState();
    ctx.lineWidth = 0.8;
    ctx.strokeStyle = '#4b4b4b';
    for (const f of states) {
      const code = String(f.id).replace(/^US-/, '');
      const r = m.get(code);
      ctx.fillStyle = COLOURS[r ? r.status : 'none'] || COLOURS.none;
      ctx.beginPath();
      for (const pts of f.rings) {
        for (let i = 0; i < pts.length; i += 2) {
          const x = (pts[i] - VX0) * k; const y = (pts[i + 1] - VY0) * k;
          if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
        }
        ctx.closePath();
      }
      ctx.fill('evenodd');
      ctx.stroke();
    }
  };

  const explain = (r) => {
    detail.textContent = r ? `${r.company ? `${r.company} ` : ''}${r.scheme ? `${r.state} ${r.scheme}` : r.state}: ${r.explanation}` : '';
  };

  canvas.addEventListener('click', (ev) => {
    if (!states) return;
    const b = canvas.getBoundingClientRect();
    const k = Math.min(canvas.width / (VX1 - VX0), canvas.height / (VY1 - VY0));
    const x = (ev.clientX - b.left) * (canvas.width / b.width) / k + VX0;
    const y = (ev.clientY - b.top) * (canvas.height / b.height) / k + VY0;
    const f = states.find((s) => inside(s, x, y));
    if (f) explain(byState().get(String(f.id).replace(/^US-/, '')));
  });

  const show = async () => {
    asked.asOf = asOf.value;
    asked.share = share.value;
    status('Reading the report…');
    try {
      const [answer] = await Promise.all([
        call('/admin/v1/nexus/report', { query: asked.share ? { asOf: asked.asOf, share: asked.share } : { asOf: asked.asOf }, admin: true }),
        states ? null : call('/console/api/geo/states', { query: { zoom: '3' } }).then((fc) => { states = prepare(fc); }),
      ]);
      rows = answer.data.rows;
      draw();
      const money = (v) => (v === null || v === undefined ? '' : Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
      // Canada's rows are in Canadian dollars and its two GST/HST rows
      // share the state CAN: the scheme and the currency say which.
      const inCurrency = (r, v) => (v === null || v === undefined || !r.currency || r.currency === 'USD' ? money(v) : `${money(v)} ${r.currency}`);
      const where = (r) => (r.scheme ? `${r.state} ${r.scheme}` : r.state);
      fill(tableBox, table(`Status of ${rows.length} rows on ${answer.data.as_of} (approaching from ${percent(answer.data.share)} of a threshold)`,
        ['Company', 'State', 'Status', { label: 'Sales', num: true }, { label: 'Transactions', num: true },
          { label: 'Sales threshold', num: true }, { label: 'Transactions threshold', num: true }, 'Period', 'Crossed on', 'Collect from', 'Why'],
        // The state is a button, so that a keyboard reaches what a
        // click on the row or the map shows.
        rows.map((r) => [r.company, h('button', { type: 'button', class: 'linkish', 'aria-label': `Explain ${r.company ? `${r.company} in ` : ''}${where(r)}`,
          onclick: (ev) => { ev.stopPropagation(); explain(r); } }, where(r)), h('span', { class: `pill nexus-${r.status}` }, r.status), inCurrency(r, r.sales), String(r.transactions),
          inCurrency(r, r.sales_threshold), r.transaction_threshold === null ? '' : String(r.transaction_threshold),
          r.period_start ? `${r.period_start} to ${r.period_end}` : '', r.crossed_on || '', r.collect_from || '', h('span', { class: 'note' }, r.explanation)]),
        (i) => ({ 'data-state': rows[i].state, 'data-status': rows[i].status, onclick: () => explain(rows[i]) })));
      const n = (s) => rows.filter((r) => r.status === s).length;
      status(`${n('exceeded')} exceeded, ${n('approaching')} approaching, ${n('registered')} registered.`);
    } catch (err) {
      fail(err);
    }
  };
  form.addEventListener('submit', (ev) => { ev.preventDefault(); show(); });
  show();
  return null;
}

// The tax area map: the dataset's boundaries, which Levy serves as
// GeoJSON simplified per zoom level, drawn on a canvas in the Web
// Mercator projection; a click or an address search shows the lookup
// API's answer as it is, and the changed-tax-areas API highlights the
// areas that changed between two dates.

import { add, data as userData, field, fill, h, table, today } from './dom.js';
import { call } from './session.js';

const TILE = 256; // the world is TILE pixels wide at zoom 0
const MAX_ZOOM = 14;

// The layers, coarsest first, with the zoom from which they are drawn and
// how.
const LAYERS = [
  { name: 'countries', from: 0, fill: '#f3efe6', stroke: '#8d8d8d', width: 0.8 },
  { name: 'provinces', from: 2, fill: '#f3efe6', stroke: '#6b6b6b', width: 0.8 },
  { name: 'counties', from: 3, fill: '#fbfaf6', stroke: '#c3c0b8', width: 0.5 },
  { name: 'states', from: 0, fill: null, stroke: '#4b4b4b', width: 1.2 },
  { name: 'places', from: 8, fill: 'rgba(120, 160, 220, 0.25)', stroke: '#6a8fc8', width: 0.6, bbox: true },
];
const CHANGED = 'rgba(245, 158, 11, 0.65)';
const SELECTED = 'rgba(11, 92, 173, 0.45)';

// world projects degrees to Web Mercator pixels at zoom 0.
export function world(lng, lat) {
  const la = Math.max(-85.05, Math.min(85.05, lat)) * Math.PI / 180;
  return [(lng + 180) / 360 * TILE, (1 - Math.log(Math.tan(la) + 1 / Math.cos(la)) / Math.PI) / 2 * TILE];
}

// degrees is the inverse of world.
function degrees(x, y) {
  const lng = x / TILE * 360 - 180;
  const n = Math.PI - 2 * Math.PI * y / TILE;
  return [lng, 180 / Math.PI * Math.atan(Math.sinh(n))];
}

// prepare projects a GeoJSON feature collection once, for drawing.
export function prepare(fc) {
  return fc.features.map((f) => {
    const rings = [];
    let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
    for (const poly of f.geometry.coordinates) {
      for (const ring of poly) {
        const pts = new Float64Array(ring.length * 2);
        ring.forEach(([lng, lat], i) => {
          const [x, y] = world(lng, lat);
          pts[2 * i] = x;
          pts[2 * i + 1] = y;
          x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
        });
        rings.push(pts);
      }
    }
    return { id: f.id, props: f.properties, rings, box: [x0, y0, x1, y1], lonlat: f.bbox };
  });
}

// decimalSum adds up decimal numbers written as text ("0.045") exactly,
// with as many decimals as the longest of them has, and returns the sum
// as text; it returns null when one of them is not such a number.
export function decimalSum(values) {
  const parts = [];
  for (const v of values) {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
    if (!m) return null;
    parts.push({ negative: m[1] === '-', whole: m[2], fraction: m[3] || '' });
  }
  const scale = Math.max(0, ...parts.map((p) => p.fraction.length));
  let sum = 0n;
  for (const p of parts) {
    const n = BigInt(p.whole + p.fraction.padEnd(scale, '0'));
    sum += p.negative ? -n : n;
  }
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}

// inside reports whether world point (x, y) lies in a prepared feature
// (even-odd over all its rings).
export function inside(f, x, y) {
  if (x < f.box[0] || x > f.box[2] || y < f.box[1] || y > f.box[3]) return false;
  let inPoly = false;
  for (const pts of f.rings) {
    for (let i = 0, j = pts.length - 2; i < pts.length; j = i, i += 2) {
      const xi = pts[i]; const yi = pts[i + 1]; const xj = pts[j]; const yj = pts[j + 1];
      if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inPoly = !inPoly;
    }
  }
  return inPoly;
}

// render draws the map page in root and returns its cleanup.
export function render(root, { status, fail }) {
  const started = performance.now();
  const canvas = h('canvas', {
    id: 'map-canvas', tabindex: 0, role: 'application',
    'aria-label': 'Map of the tax areas. Drag or use the arrow keys to move, + and - to zoom, Enter to look up the centre, or click a point to look it up.',
  });
  const box = h('div', { class: 'map-box' }, canvas);
  const tools = h('div', { class: 'map-tools' },
    h('button', { type: 'button', 'aria-label': 'Zoom in', onclick: () => zoomBy(1) }, '+'),
    h('button', { type: 'button', 'aria-label': 'Zoom out', onclick: () => zoomBy(-1) }, '−'),
    h('button', { type: 'button', 'aria-label': 'Show the United States', onclick: () => home() }, '⌂'));
  const legend = h('div', { class: 'map-legend', id: 'map-legend' },
    h('span', { class: 'swatch changed' }), 'changed between the dates ',
    h('span', { class: 'swatch selected' }), 'looked up');
  add(box, tools, legend);
  const timing = h('p', { class: 'note', id: 'map-timing' }, 'Loading the boundaries…');
  const panel = h('section', { id: 'map-result', 'aria-live': 'polite', 'aria-label': 'Lookup result' },
    h('p', { class: 'note' }, 'Click a point of the map, or search an address.'));

  const asOf = h('input', { type: 'date', id: 'map-asof', value: today() });
  const addr = {};
  const addrInput = (k, label, value) => {
    addr[k] = h('input', { id: `map-addr-${k}`, value: value || '' });
    return field(label, addr[k]);
  };
  const search = h('form', { class: 'card', id: 'map-search' },
    h('h2', {}, 'Search an address'),
    h('div', { class: 'row' },
      addrInput('streetAddress1', 'Street'), addrInput('city', 'City'), addrInput('mainDivision', 'State or province'),
      addrInput('postalCode', 'Postal code'), addrInput('country', 'Country', 'US'),
      h('button', { type: 'submit' }, 'Look up')));
  const begin = h('input', { type: 'date', id: 'map-begin', value: `${today().slice(0, 4)}-01-01` });
  const end = h('input', { type: 'date', id: 'map-end', value: today() });
  const changedNote = h('span', { class: 'note', id: 'map-changed-note' });
  const changedForm = h('form', { class: 'card', id: 'map-changed' },
    h('h2', {}, 'Dates'),
    h('div', { class: 'row' }, field('As of (lookups)', asOf)),
    h('div', { class: 'row' }, field('Changed from', begin), field('to', end),
      h('button', { type: 'submit' }, 'Highlight changes'),
      h('button', { type: 'button', class: 'secondary', onclick: () => clearChanged('') }, 'Clear')),
    changedNote);

  add(root, h('div', { class: 'map-wrap' },
    h('div', {}, box, timing),
    h('div', { class: 'map-side' }, changedForm, search)), panel);

  // The view: the centre in world pixels at zoom 0, and the zoom.
  const view = { x: 0, y: 0, zoom: 3.6 };
  const home = () => {
    [view.x, view.y] = world(-96.5, 38.5);
    view.zoom = Math.max(2, Math.log2(Math.max(canvas.clientWidth, 300) / (TILE * 62 / 360)));
    refresh();
  };
  const data = new Map(); // "layer/zoom[/bbox]" -> prepared features, or a promise
  const shown = new Map(); // layer -> the prepared features drawn now
  let changed = null; // the Set of changed tax area IDs
  let selected = new Set(); // the tax area IDs of the last lookup
  let marker = null; // the world point looked up
  let firstDone = false;
  let alive = true;

  const size = () => {
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * dpr);
    canvas.height = Math.round(canvas.clientHeight * dpr);
  };
  const scale = () => 2 ** view.zoom;
  const toWorld = (sx, sy) => [view.x + (sx - canvas.clientWidth / 2) / scale(), view.y + (sy - canvas.clientHeight / 2) / scale()];
  const bboxParam = () => {
    const [x0, y0] = toWorld(0, 0);
    const [x1, y1] = toWorld(canvas.clientWidth, canvas.clientHeight);
    const [w, n] = degrees(x0, y0);
    const [e, s] = degrees(x1, y1);
    const r = (v) => v.toFixed(2);
    return `${r(w - 0.1)},${r(Math.max(-90, s - 0.1))},${r(e + 0.1)},${r(Math.min(90, n + 0.1))}`;
  };

  // clearChanged takes the highlight of the changed areas off, and says
  // note.
  const clearChanged = (note) => {
    changed = null;
    changedNote.textContent = note;
    delete changedNote.dataset.changed;
    delete changedNote.dataset.highlighted;
    mark();
    draw();
  };

  // mark sets the changed and selected flags of the drawn features.
  const mark = () => {
    for (const feats of shown.values()) {
      for (const f of feats) {
        const ids = f.props.taxAreaIds || [];
        f.changed = !!changed && ids.some((id) => changed.has(id));
        f.selected = ids.some((id) => selected.has(id)) || (marker && f.props.layer !== 'countries' && f.props.layer !== 'states' && inside(f, marker[0], marker[1]));
      }
    }
  };

  const draw = () => {
    if (!alive) return;
    const ctx = canvas.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const k = scale() * dpr;
    const ox = canvas.width / 2 - view.x * k;
    const oy = canvas.height / 2 - view.y * k;
    const [vx0, vy0] = toWorld(0, 0);
    const [vx1, vy1] = toWorld(canvas.clientWidth, canvas.clientHeight);
    let drawn = 0;
    let selectedDrawn = 0;
    for (const layer of LAYERS) {
      const feats = shown.get(layer.name);
      if (!feats || view.zoom < layer.from) continue;
      for (const f of feats) {
        if (f.box[2] < vx0 || f.box[0] > vx1 || f.box[3] < vy0 || f.box[1] > vy1) continue;
        ctx.beginPath();
        for (const pts of f.rings) {
          ctx.moveTo(pts[0] * k + ox, pts[1] * k + oy);
          for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i] * k + ox, pts[i + 1] * k + oy);
          ctx.closePath();
        }
        const color = f.selected ? SELECTED : f.changed ? CHANGED : layer.fill;
        if (color) {
          ctx.fillStyle = color;
          ctx.fill('evenodd');
        }
        ctx.strokeStyle = layer.stroke;
        ctx.lineWidth = layer.width * dpr;
        ctx.stroke();
        drawn += 1;
        if (f.selected) selectedDrawn += 1;
      }
    }
    if (marker) {
      ctx.beginPath();
      ctx.arc(marker[0] * k + ox, marker[1] * k + oy, 5 * dpr, 0, 2 * Math.PI);
      ctx.fillStyle = '#b42318';
      ctx.fill();
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 2 * dpr;
      ctx.stroke();
    }
    canvas.dataset.drawn = String(drawn);
    canvas.dataset.selected = String(selectedDrawn);
    // The view, for whoever needs to point at a place of the map (the
    // browser tests): the centre in degrees and the zoom.
    const [clng, clat] = degrees(view.x, view.y);
    canvas.dataset.view = `${clat.toFixed(6)},${clng.toFixed(6)},${view.zoom.toFixed(4)}`;
    if (!firstDone && shown.get('counties') && shown.get('counties').length) {
      firstDone = true;
      const ms = Math.round(performance.now() - started);
      canvas.dataset.firstRenderMs = String(ms);
      timing.textContent = `First drawing with the US counties: ${ms} ms after the page opened.`;
    }
  };

  // load fetches a layer at a zoom level (and box) once.
  const load = (layer, z, bbox) => {
    const key = bbox ? `${layer.name}/${z}/${bbox}` : `${layer.name}/${z}`;
    if (!data.has(key)) {
      const query = { zoom: z };
      if (bbox) query.bbox = bbox;
      data.set(key, call(`/console/api/geo/${layer.name}`, { query }).then((fc) => {
        const prepared = prepare(fc);
        data.set(key, prepared);
        return prepared;
      }).catch((err) => {
        data.delete(key);
        throw err;
      }));
    }
    return data.get(key);
  };

  let pending = 0;
  // refresh loads what the view needs and draws; layers already shown
  // stay until their finer version arrives.
  const refresh = () => {
    draw();
    const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(view.zoom)));
    const ticket = ++pending;
    for (const layer of LAYERS) {
      if (view.zoom < layer.from) continue;
      const got = load(layer, layer.bbox ? z : Math.min(z, 10), layer.bbox ? bboxParam() : null);
      Promise.resolve(got).then((feats) => {
        if (!alive || (layer.bbox && ticket !== pending)) return;
        shown.set(layer.name, feats);
        mark();
        draw();
      }, fail);
    }
  };
  let timer = null;
  const refreshSoon = () => {
    draw();
    clearTimeout(timer);
    timer = setTimeout(refresh, 120);
  };

  const zoomAt = (dz, sx, sy) => {
    const [wx, wy] = toWorld(sx, sy);
    view.zoom = Math.max(1, Math.min(16, view.zoom + dz));
    const [nx, ny] = toWorld(sx, sy);
    view.x += wx - nx;
    view.y += wy - ny;
    refreshSoon();
  };
  const zoomBy = (dz) => zoomAt(dz, canvas.clientWidth / 2, canvas.clientHeight / 2);

  // lookupPoint asks the API for the tax area at a world point.
  const lookupPoint = async (wx, wy) => {
    const [lng, lat] = degrees(wx, wy);
    marker = [wx, wy];
    selected = new Set();
    mark();
    draw();
    const body = { coordinates: { latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) } };
    if (asOf.value) body.asOfDate = asOf.value;
    await showLookup(`${lat.toFixed(5)}, ${lng.toFixed(5)}`, '/api/v2/coordinates-lookup', body);
  };

  // lookups counts the lookups asked: the answer (or refusal) of one
  // that a later lookup overtook is dropped, so that the panel, the
  // areas coloured "looked up" and the status line are of the lookup
  // asked last, not of the one answered last.
  let lookups = 0;

  // showLookup sends a lookup and shows its answer; it returns nothing
  // when a later lookup overtook it.
  const showLookup = async (what, path, body) => {
    const mine = ++lookups;
    status(['Looking up ', userData(what), '…']);
    fill(panel, h('p', { class: 'note' }, 'Looking up…'));
    // The areas of the last lookup are no longer its answer: a refused
    // one used to leave them coloured "looked up" beside its error.
    selected = new Set();
    mark();
    draw();
    let answer;
    try {
      answer = await call(path, { body });
    } catch (err) {
      if (mine !== lookups) return undefined;
      fill(panel, h('p', { class: 'error' }, err.message));
      fail(err);
      return;
    }
    if (mine !== lookups) return undefined;
    const results = (answer.data && answer.data.lookupResults) || [];
    selected = new Set(results.map((r) => r.taxAreaId).filter(Boolean));
    mark();
    draw();
    fill(panel, h('h2', {}, `Lookup: ${what}`));
    if (!results.length) {
      add(panel, h('p', {}, 'No tax area: the point is outside every boundary of the dataset.'));
    }
    for (const [i, r] of results.entries()) {
      const rates = h('p', { class: 'note' }, 'Loading the rates…');
      add(panel, h('div', { class: 'card lookup-result', 'data-tax-area': r.taxAreaId || '' },
        h('h3', {}, `Tax area ${r.taxAreaId || '(none)'}`),
        h('p', {}, 'Confidence ', h('b', { class: 'confidence' }, r.confidenceIndicator || '—'),
          ', as of ', r.asOfDate || '', '. Statuses: ',
          (r.statuses || []).map((s) => `${s.lookupResult}${s.value ? ` (${s.value})` : ''}`).join(', ') || 'none'),
        table('Jurisdictions', ['Type', 'Name', 'ID', 'Code', 'Effective', 'Expires', { label: 'Rate', num: true }],
          (r.jurisdictions || []).map((j) => [j.jurisdictionType, j.value, h('code', {}, j.jurisdictionId),
            j.externalJurisdictionCode || '', j.effectiveDate || '', j.expirationDate || '',
            h('span', { class: 'rate', 'data-jurisdiction': j.jurisdictionId }, '…')])),
        rates,
        i === 0 ? h('details', {}, h('summary', {}, 'The answer as JSON'), h('pre', {}, JSON.stringify(answer.data, null, 2))) : null));
      if (r.taxAreaId) showRates(r.taxAreaId, rates, panel.lastChild);
    }
    status([`${results.length} tax area${results.length === 1 ? '' : 's'} found for `, userData(what), '.']);
    const feats = [...shown.values()].flat().filter((f) => f.selected && f.props.layer === 'counties');
    return feats;
  };

  // showRates fills in the rate of each jurisdiction of a tax area: the
  // lookup API gives none, so a quotation of 100.00 of general goods
  // sold within the area asks the API.
  const showRates = async (taxAreaId, note, card) => {
    const req = {
      saleMessageType: 'QUOTATION', transactionType: 'SALE', documentDate: asOf.value || today(),
      seller: { physicalOrigin: { taxAreaId } }, customer: { destination: { taxAreaId } },
      lineItems: [{ lineItemId: '1', product: { productClass: 'GENERAL' }, quantity: { value: 1 }, extendedPrice: 100 }],
    };
    try {
      const answer = await call('/api/v2/supplies', { body: req });
      const taxes = (answer.data.lineItems[0] || {}).taxes || [];
      const byJur = new Map();
      for (const t of taxes) {
        const id = t.jurisdiction.jurisdictionId;
        byJur.set(id, (byJur.get(id) || []).concat(String(t.effectiveRate ?? '0')));
      }
      for (const el of card.querySelectorAll('.rate')) {
        const r = byJur.get(el.dataset.jurisdiction);
        el.textContent = r ? r.join(' + ') : '—';
      }
      const extra = taxes.filter((t) => !card.querySelector(`.rate[data-jurisdiction="${CSS.escape(t.jurisdiction.jurisdictionId)}"]`));
      // The combined rate adds up the rates themselves: the tax on 100.00
      // is rounded to the cent per jurisdiction, so that the tax divided
      // by 100 is not the rate where one has more than four decimals (New
      // York City's 8.875% is a tax of 8.88).
      const combined = decimalSum(taxes.map((t) => String(t.effectiveRate ?? '0')));
      fill(note, 'Rates of general goods sold in the area on ', req.documentDate,
        ' (a quotation of 100.00 through the API): total tax ', h('b', { class: 'combined-tax' }, String(answer.data.totalTax)),
        ', a combined rate of ', h('b', { class: 'combined-rate' }, combined ?? '—'), '.',
        extra.length ? ` Also: ${extra.map((t) => `${t.jurisdiction.value} ${t.effectiveRate}`).join(', ')}.` : '');
    } catch (err) {
      fill(note, `The rates are not available: ${err.message}`);
    }
  };

  // Pointer: drag to pan, click to look up.
  let drag = null;
  canvas.addEventListener('pointerdown', (ev) => {
    canvas.setPointerCapture(ev.pointerId);
    drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, moved: false };
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (drag.moved) {
      view.x = drag.vx - dx / scale();
      view.y = drag.vy - dy / scale();
      draw();
    }
  });
  canvas.addEventListener('pointerup', (ev) => {
    const d = drag;
    drag = null;
    if (!d) return;
    if (d.moved) {
      refreshSoon();
      return;
    }
    const r = canvas.getBoundingClientRect();
    const [wx, wy] = toWorld(ev.clientX - r.left, ev.clientY - r.top);
    lookupPoint(wx, wy);
  });
  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const r = canvas.getBoundingClientRect();
    zoomAt(-Math.sign(ev.deltaY) * 0.5, ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });
  canvas.addEventListener('keydown', (ev) => {
    const step = 80 / scale();
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[ev.key]) {
      view.x += moves[ev.key][0];
      view.y += moves[ev.key][1];
      refreshSoon();
    } else if (ev.key === '+' || ev.key === '=') {
      zoomBy(0.5);
    } else if (ev.key === '-') {
      zoomBy(-0.5);
    } else if (ev.key === 'Enter') {
      lookupPoint(view.x, view.y);
    } else {
      return;
    }
    ev.preventDefault();
  });

  search.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const postalAddress = Object.fromEntries(Object.entries(addr).map(([k, el]) => [k, el.value.trim()]).filter(([, v]) => v));
    const body = { postalAddress };
    if (asOf.value) body.asOfDate = asOf.value;
    marker = null;
    const feats = await showLookup(Object.values(postalAddress).join(', '), '/api/v2/address-lookup', body);
    if (feats && feats.length) {
      const b = feats[0].box;
      view.x = (b[0] + b[2]) / 2;
      view.y = (b[1] + b[3]) / 2;
      view.zoom = Math.max(3, Math.min(10, Math.log2(canvas.clientWidth / Math.max(b[2] - b[0], 1e-6)) - 1));
      refresh();
    }
  });

  changedForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    status('Asking which tax areas changed…');
    try {
      const answer = await call('/api/v2/changed-taxareas', { query: { beginDate: begin.value, endDate: end.value } });
      changed = new Set(answer.data || []);
      mark();
      draw();
      const lit = [...shown.values()].flat().filter((f) => f.changed).length;
      changedNote.textContent = `${changed.size} tax areas changed from ${begin.value} to ${end.value}; ${lit} boundaries drawn hold one.`;
      changedNote.dataset.changed = String(changed.size);
      changedNote.dataset.highlighted = String(lit);
      status(changedNote.textContent);
    } catch (err) {
      // The highlight of other dates is not this question's answer.
      clearChanged(`Not highlighted: ${err.message}`);
      fail(err);
    }
  });

  const observer = new ResizeObserver(() => {
    size();
    draw();
  });
  observer.observe(canvas);
  size();
  home();
  return () => {
    alive = false;
    observer.disconnect();
    clearTimeout(timer);
  };
}

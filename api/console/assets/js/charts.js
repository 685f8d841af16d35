// Bar and line charts drawn as SVG, with the values in attributes and
// titles so that a screen reader and a test read what a person sees.

import { add, h } from './dom.js';

const W = 800;

// barChart draws one horizontal bar per row ({label, value, text, and
// short, the words beside the bar when the label is too long for them});
// a bar is a button that calls onSelect(row).
export function barChart(title, rows, onSelect) {
  const rowH = 24;
  const left = 260;
  const right = 90;
  const top = 10;
  const height = top + rows.length * rowH + 24;
  const max = Math.max(0, ...rows.map((r) => r.value));
  const min = Math.min(0, ...rows.map((r) => r.value));
  const span = max - min || 1;
  const x = (v) => left + (v - min) / span * (W - left - right);
  const svg = h('svg:svg', { viewBox: `0 0 ${W} ${height}`, role: 'group', 'aria-label': title });
  add(svg, h('svg:line', { class: 'axis', x1: x(0), x2: x(0), y1: top - 4, y2: height - 20 }));
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const x0 = Math.min(x(0), x(r.value));
    const w = Math.max(1, Math.abs(x(r.value) - x(0)));
    const label = r.short || (r.label.length > 40 ? `${r.label.slice(0, 39)}…` : r.label);
    const g = h('svg:g', {
      class: 'bar-row', tabindex: onSelect ? 0 : null, role: onSelect ? 'button' : 'img',
      'aria-label': `${r.label}: ${r.text}`, 'data-key': r.key, 'data-value': r.text,
    },
    h('svg:title', {}, `${r.label}: ${r.text}`),
    h('svg:text', { x: left - 6, y: y + 16, 'text-anchor': 'end' }, label),
    h('svg:rect', { class: 'bar', x: x0, y: y + 4, width: w, height: rowH - 8, 'data-value': r.text }),
    h('svg:text', { x: Math.max(x(r.value), x(0)) + 4, y: y + 16 }, r.text));
    if (onSelect) {
      g.addEventListener('click', () => onSelect(r));
      g.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          onSelect(r);
        }
      });
    }
    add(svg, g);
  });
  return h('figure', { class: 'chart bar-chart' }, h('figcaption', {}, title), svg);
}

// lineChart draws points ({x: label, t: position, y: number, text}) in
// order, joined; t (such as a date's milliseconds) places them along the
// axis, and without it they are evenly spaced.
export function lineChart(title, points) {
  const height = 260;
  const left = 70;
  const right = 20;
  const top = 16;
  const bottom = 40;
  const ys = points.map((p) => p.y);
  const max = Math.max(0, ...ys);
  const min = Math.min(0, ...ys);
  const span = max - min || 1;
  const n = points.length;
  const ts = points.map((p, i) => (p.t === undefined ? i : p.t));
  const t0 = Math.min(...ts);
  const tspan = Math.max(...ts) - t0;
  const px = (i) => (n === 1 || !tspan ? (left + W - right) / 2 : left + (ts[i] - t0) / tspan * (W - left - right));
  const py = (v) => top + (max - v) / span * (height - top - bottom);
  const svg = h('svg:svg', { viewBox: `0 0 ${W} ${height}`, role: 'img', 'aria-label': title });
  // The grid's values, once each: a series of zeros (a currency whose
  // sales were all exempt) drew "0.00" three times over itself.
  for (const v of [...new Set([max, (max + min) / 2, min])]) {
    add(svg, h('svg:line', { class: 'grid', x1: left, x2: W - right, y1: py(v), y2: py(v) }),
      h('svg:text', { x: left - 6, y: py(v) + 4, 'text-anchor': 'end' }, v.toFixed(2)));
  }
  add(svg, h('svg:line', { class: 'axis', x1: left, x2: W - right, y1: py(0), y2: py(0) }));
  if (n > 0) {
    add(svg, h('svg:polyline', { class: 'line', points: points.map((p, i) => `${px(i)},${py(p.y)}`).join(' ') }));
    points.forEach((p, i) => {
      add(svg, h('svg:circle', { class: 'dot', cx: px(i), cy: py(p.y), r: 3.5, 'data-value': p.text, 'data-x': p.x },
        h('svg:title', {}, `${p.x}: ${p.text}`)));
    });
    const ticks = n === 1 ? [0] : [0, Math.floor((n - 1) / 2), n - 1];
    for (const i of [...new Set(ticks)]) {
      const anchor = n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';
      add(svg, h('svg:text', { x: px(i), y: height - bottom + 18, 'text-anchor': anchor }, points[i].x));
    }
  }
  return h('figure', { class: 'chart line-chart' }, h('figcaption', {}, title), svg);
}

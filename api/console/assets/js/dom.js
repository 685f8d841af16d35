// Small helpers that build the console's DOM. Text always goes in as
// text nodes, never as HTML, so that no value from the API can become
// markup.

// h makes an element: attrs sets attributes (on* keys add listeners,
// boolean true sets an empty attribute, false/null/undefined skip it),
// and children are nodes, strings or arrays of them.
export function h(tag, attrs, ...children) {
  const ns = tag.startsWith('svg:') ? 'http://www.w3.org/2000/svg' : null;
  const el = ns ? document.createElementNS(ns, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'value' && !ns) {
      el.value = v;
    } else if (k === 'checked' && !ns) {
      el.checked = !!v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

// append adds children (nodes, strings, numbers or nested arrays) to el.
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// add appends children to el, as append does.
export function add(el, ...children) {
  return append(el, children);
}

// fill replaces the children of el with children.
export function fill(el, ...children) {
  return append(clear(el), children);
}

// clear removes every child of el and returns it.
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let ids = 0;
// uid returns an id unique in the page, for labels.
export function uid(prefix) {
  ids += 1;
  return `${prefix}-${ids}`;
}

// field makes a labelled control: a label above the control el. The
// console's controls have no maxlength: it cuts a pasted value without a
// word (a customer code stored as its first 40 characters, another
// customer's), and counts UTF-16 code units where Levy counts
// characters; the API refuses a value too long naming its field.
export function field(label, el, hint) {
  if (!el.id) el.id = uid('f');
  // What the user types (a name, a code) keeps the direction of its
  // script, as the tables show it.
  if ((el.tagName === 'INPUT' && ['text', 'search'].includes(el.type)) || el.tagName === 'TEXTAREA') {
    if (!el.hasAttribute('dir')) el.setAttribute('dir', 'auto');
  }
  return h('div', { class: 'field' }, h('label', { for: el.id }, label), el, hint ? h('span', { class: 'note' }, hint) : null);
}

// select makes a select of options, each a value or [value, label].
// A label may be the tenant's data (a company code, in whatever script
// it was written): each option takes its direction from its own text
// (dir="auto"), as a table's cells do, and the console's own words,
// English, stay left to right.
// The select itself, closed, shows the option chosen in the select's
// direction: it takes the chosen option's at each change (orient).
export function select(attrs, options, chosen) {
  const el = h('select', attrs, options.map((o) => {
    const [v, l] = Array.isArray(o) ? o : [o, o];
    return h('option', { value: v, selected: v === chosen, dir: 'auto' }, l);
  }));
  el.addEventListener('change', () => orient(el));
  return el;
}

// orient gives a select the direction of the text of its chosen option,
// so that a right-to-left company code chosen shows right to left when
// the select is closed; a text of no strong direction (digits) is left
// to right. Call it when the select is in the page, and after setting
// its value or its options from a script, which fires no change.
export function orient(el) {
  el.setAttribute('dir', 'ltr');
  const o = el.selectedOptions[0];
  if (o && o.matches(':dir(rtl)')) el.setAttribute('dir', 'rtl');
}

// table makes a table with a caption, column heads (a string, or
// {label, num} for a right-aligned number column) and rows of cells.
// The cells hold the tenant's own data (names, codes, descriptions), in
// whatever script it was written: each but a number's takes its
// direction from its text (dir="auto"), so that a Hebrew or Arabic
// name ending in a digit or a parenthesis is not laid out as English.
export function table(caption, heads, rows, rowAttrs) {
  const cols = heads.map((c) => (typeof c === 'string' ? { label: c } : c));
  return h('div', { class: 'scroll' }, h('table', {},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, cols.map((c) => h('th', { scope: 'col', class: c.num ? 'num' : null }, c.label)))),
    h('tbody', {}, rows.map((r, i) => h('tr', rowAttrs ? rowAttrs(i) : {},
      r.map((cell, k) => (cols[k] && cols[k].num ? h('td', { class: 'num' }, cell) : h('td', { dir: 'auto' }, cell))))))));
}

// data shows a value of the user's data (a name, a code, a number of a
// document) inside a sentence of the console's: isolated, in the
// direction of its own text (bdi, dir="auto"), so that a right-to-left
// name neither takes the words after it into its run nor puts its
// punctuation on the wrong side. An empty value shows nothing.
export function data(value) {
  if (value === null || value === undefined || value === '') return null;
  return h('bdi', { dir: 'auto' }, String(value));
}

// latest returns a guard of requests whose answers may come in another
// order than they were asked: each call of the guard begins a request
// and returns its check, true while no later request began. A list
// drawn from an answer that a later request overtook (a filter typed
// on, the tenant or the company changed) would stand for the later one.
export function latest() {
  let begun = 0;
  return () => {
    begun += 1;
    const mine = begun;
    return () => mine === begun;
  };
}

// today returns today's date as YYYY-MM-DD on the user's own clock: the
// day of their time zone, which is the day their documents are dated,
// and not UTC's, which is the next day in a Californian evening.
export function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

// when formats a timestamp of the API for people, in UTC.
export function when(ts) {
  if (!ts) return '';
  return String(ts).replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

// pretty is the JSON of v, indented.
export function pretty(v) {
  return JSON.stringify(v, null, 2);
}

// copyButton makes a button that copies what text() returns, reporting
// in the status line.
export function copyButton(label, text, status) {
  return h('button', {
    type: 'button',
    class: 'secondary',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(text());
        status('Copied to the clipboard.');
      } catch {
        status('The browser refused the clipboard: select the text and copy it.');
      }
    },
  }, label);
}

// statusPill shows a status word with a colour that says how it went.
export function statusPill(s) {
  const good = ['Completed', 'NORMAL', 'active', 'live'];
  const bad = ['Error', 'Processing Issue', 'revoked', 'deleted'];
  const cls = good.includes(s) ? 'pill ok' : bad.includes(s) ? 'pill bad' : 'pill wait';
  return h('span', { class: cls }, s);
}

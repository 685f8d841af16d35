// The calculation playground: a request built in a form or pasted as
// JSON, sent to the API as it is, and its answer shown tax by tax with
// the rule that decided each one and that rule's definition.

import { add, clear, copyButton, field, fill, h, pretty, select, table, today } from './dom.js';
import { call, curlOf } from './session.js';

// The three perspectives of the API: their route, the member naming the
// message type, its values, the transaction type, the parties and what a
// line's amount and class are called.
const perspectives = {
  sale: {
    label: 'Sale (seller)', path: '/api/v2/supplies', typeKey: 'saleMessageType',
    types: ['QUOTATION', 'INVOICE', 'DISTRIBUTE_TAX', 'ARBILLING_SYNC'], transactionType: 'SALE',
    from: ['seller', 'physicalOrigin', 'Seller (ships from)'], to: ['customer', 'destination', 'Customer (ships to)'],
    line: (l, quantity, amount) => ({ product: { productClass: l.productClass, value: l.product || undefined }, quantity: { value: quantity }, extendedPrice: amount }),
  },
  purchase: {
    label: 'Purchase (buyer)', path: '/api/v2/procurement', typeKey: 'purchaseMessageType',
    types: ['PURCHASE_ORDER', 'INVOICE_VERIFICATION', 'ACCRUAL', 'DISTRIBUTE_TAX', 'ERS', 'APINVOICE_SYNC', 'ACCRUAL_SYNC', 'CONDITIONAL_PROCUREMENT'],
    transactionType: 'PURCHASE',
    from: ['vendor', 'physicalOrigin', 'Vendor (ships from)'], to: ['buyer', 'destination', 'Buyer (receives at)'],
    line: (l, quantity, amount) => ({ purchase: { purchaseClass: l.productClass, value: l.product || undefined }, quantity: { value: quantity }, extendedPrice: amount }),
  },
  owner: {
    label: "Owner's movement", path: '/api/v2/owner', typeKey: 'ownerMessageType',
    types: ['ASSET_MOVEMENT', 'INVENTORY_REMOVAL'], transactionType: null,
    from: ['owner', 'physicalOrigin', 'From'], to: ['owner', 'destination', 'To'],
    line: (l, quantity, amount) => ({ purchase: { purchaseClass: l.productClass, value: l.product || undefined }, quantity: { value: quantity }, cost: amount }),
  },
};

const addressFields = [
  ['streetAddress1', 'Street'], ['city', 'City'], ['mainDivision', 'State or province'],
  ['postalCode', 'Postal code'], ['country', 'Country'],
];

// state is the form's content; it survives page changes within the tab.
const state = {
  perspective: 'sale',
  messageType: 'QUOTATION',
  documentDate: today(),
  transactionId: '',
  currency: 'USD',
  from: { streetAddress1: '400 Broad St', city: 'Seattle', mainDivision: 'WA', postalCode: '98109', country: 'USA' },
  to: { streetAddress1: '200 N Spring St', city: 'Los Angeles', mainDivision: 'CA', postalCode: '90012', country: 'USA' },
  lines: [{ productClass: 'GENERAL', product: 'WIDGET', quantity: 3, amount: '59.97' }],
  mode: 'form',
  json: '',
};

// FieldError is a value of the form that no request can carry: it names
// the control (its id and its name for people) and what is wrong.
class FieldError extends Error {
  constructor(id, name, message) {
    super(`${name}: ${message}`);
    this.id = id;
    this.items = [{ target: name, message }];
  }
}

// decimal returns the text of a control as a JSON number with its digits
// as typed (12345678901234567.89 stays so, where a JavaScript number would
// round it), or throws a FieldError naming the control: an empty amount
// or "1,000.00" is no amount, which the request would otherwise send as
// null and the API take as none, a tax of 0.00 without a word.
function decimal(text, id, name) {
  const v = String(text ?? '').trim();
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(v);
  if (!m) {
    throw new FieldError(id, name, v === '' ? 'is empty; give a number such as 59.97'
      : `want a number such as 1234.56 (a point for the decimals, no separators), not "${v}"`);
  }
  const digits = `${m[1]}${m[2].replace(/^0+(?=\d)/, '')}${m[3] || ''}`;
  return JSON.rawJSON ? JSON.rawJSON(digits) : Number(digits);
}

// build returns the request the form describes, or throws a FieldError
// naming the first control whose value it cannot carry.
function build(s) {
  const p = perspectives[s.perspective];
  const req = { [p.typeKey]: s.messageType };
  if (p.transactionType) req.transactionType = p.transactionType;
  req.documentDate = s.documentDate;
  if (s.transactionId) req.transactionId = s.transactionId;
  if (s.currency) req.currency = { isoCurrencyCodeAlpha: s.currency };
  const addr = (a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== ''));
  const [fp, fk] = p.from;
  const [tp, tk] = p.to;
  req[fp] = { ...(req[fp] || {}), [fk]: addr(s.from) };
  req[tp] = { ...(req[tp] || {}), [tk]: addr(s.to) };
  const what = s.perspective === 'owner' ? 'cost' : 'amount';
  req.lineItems = s.lines.map((l, i) => ({
    lineItemId: String(i + 1),
    ...p.line(l, decimal(l.quantity, `calc-line-${i}-quantity`, `Line ${i + 1} quantity`),
      decimal(l.amount, `calc-line-${i}-amount`, `Line ${i + 1} ${what}`)),
  }));
  return req;
}

// goProgram returns a Go program that sends the request with Levy's
// client package.
function goProgram(path, body) {
  const method = { '/api/v2/supplies': ['Sale', 'SaleRequest'], '/api/v2/procurement': ['Purchase', 'PurchaseRequest'], '/api/v2/owner': ['Owner', 'OwnerRequest'] }[path];
  const text = JSON.stringify(body, null, 2);
  const literal = text.includes('`') ? JSON.stringify(text) : `\`${text}\``;
  return `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/engine"
)

// request is the body the console sent.
const request = ${literal}

func main() {
	var req engine.${method[1]}
	if err := json.Unmarshal([]byte(request), &req); err != nil {
		log.Fatal(err)
	}
	c, err := client.New(${JSON.stringify(`${location.origin}/api/v2`)}, client.WithStaticToken(os.Getenv("TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	resp, err := c.${method[0]}(context.Background(), &req)
	if err != nil {
		log.Fatal(err)
	}
	out, err := json.MarshalIndent(resp, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out))
}
`;
}

// ruleCache holds the rule definitions already fetched, by ID.
const ruleCache = new Map();

async function ruleDefinition(id) {
  if (!ruleCache.has(id)) {
    ruleCache.set(id, call(`/console/api/rules/${encodeURIComponent(id)}`).then((a) => a.data.rules).catch((err) => {
      ruleCache.delete(id);
      throw err;
    }));
  }
  return ruleCache.get(id);
}

// describeRule shows a rule's definition and why it applies where it
// does.
function describeRule(r) {
  const sel = [
    ['jurisdiction', r.jurisdiction], ['jurisdiction type', r.jurisdictionType], ['tax', r.tax],
    ['product class', r.productClass], ['customer class', r.customerClass], ['usage', r.usage],
    ['transaction type', r.transactionType],
  ].filter(([, v]) => v);
  const items = [
    h('li', {}, 'Outcome: ', h('b', {}, r.outcome)),
    sel.length ? h('li', {}, 'Applies to: ', sel.map(([k, v]) => `${k} ${v}`).join(', ')) : h('li', {}, 'Applies to: everything (no selector)'),
    r.when ? h('li', {}, 'Condition: ', h('code', {}, r.when)) : null,
    r.effective || r.expiration ? h('li', {}, `In force: ${r.effective || 'always'} to ${r.expiration || 'no end'}`) : null,
    r.rateCategory ? h('li', {}, `Rate category: ${r.rateCategory}${r.rateCategoryOnly ? ' (only where the jurisdiction has one)' : ''}`) : null,
    r.rate !== undefined ? h('li', {}, `Rate: ${r.rate}`) : null,
    r.basisPercent !== undefined ? h('li', {}, `Taxable share of the amount: ${r.basisPercent}`) : null,
    r.threshold ? h('li', {}, `Threshold: ${JSON.stringify(r.threshold)}`) : null,
    r.holiday ? h('li', {}, 'A sales tax holiday') : null,
    r.priority ? h('li', {}, `Priority: ${r.priority}`) : null,
    r.reason ? h('li', {}, 'Reason: ', r.reason) : null,
  ];
  return h('div', { class: 'rule' }, h('ul', {}, items),
    h('p', { class: 'note' }, 'Why it applied: of the rules whose selectors match this line and jurisdiction, in force on the document date and whose condition holds, it is the most specific (then the highest priority); the host\'s rules come before Levy\'s defaults.'));
}

// explainTax lists what the engine returned about one tax, and loads the
// definition of its rule, when opened: built at once, the explanations
// of an answer of 1,000 lines (6,000 taxes) were most of its 200,000
// elements, and the page took seconds to show it.
function explainTax(t, status) {
  const ruleId = t.calculationRuleId && t.calculationRuleId.value;
  const d = h('details', { class: 'why' }, h('summary', {}, ruleId ? `Why: rule ${ruleId}` : 'Details'));
  let opened = false;
  d.addEventListener('toggle', () => {
    if (!d.open || opened) return;
    opened = true;
    explain(d, t, ruleId, status);
  });
  return d;
}

// explain fills an opened explanation d of the tax t.
async function explain(d, t, ruleId, status) {
  const facts = [
    ['Tax type', t.taxType], ['Situs', t.situs], ['Collected from', t.taxCollectedFromParty],
    ['Structure', t.taxStructure], ['Input or output', t.inputOutputType],
    ['Non-taxable', t.nonTaxable], ['Exempt', t.exempt], ['Nominal rate', t.nominalRate],
    ['Basis reduction %', t.basisReductionPercentage], ['Reason code', t.reasonCode],
    ['Cap or limit rule', t.maxTaxRuleId && t.maxTaxRuleId.value], ['Credit rule', t.creditRuleId && t.creditRuleId.value],
    ['Original tax', t.originalTax], ['Certificate', t.certificateNumber && t.certificateNumber.value],
    ['Holiday', t.calculationRuleId && t.calculationRuleId.salesTaxHolidayIndicator ? 'yes' : undefined],
  ].filter(([, v]) => v !== undefined && v !== null && v !== '');
  const def = h('div', {}, ruleId ? 'Loading the rule…' : 'No rule is named for this tax.');
  add(d, h('dl', {}, facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])), def);
  if (!ruleId) return;
  try {
    const rules = await ruleDefinition(ruleId);
    fill(def, ...rules.map(describeRule));
  } catch (err) {
    fill(def, h('p', { class: 'note' }, `The definition of ${ruleId} is not available: ${err.message}`));
    status('');
  }
}

// showAnswer renders the calculation's answer.
function showAnswer(out, answer, status) {
  const data = answer.data || {};
  clear(out);
  add(out, h('h2', {}, 'Result'),
    h('div', { class: 'totals', id: 'calc-totals' },
      h('span', {}, 'Subtotal ', h('b', { 'data-total': 'subTotal' }, String(data.subTotal ?? ''))),
      h('span', {}, 'Tax ', h('b', { 'data-total': 'totalTax' }, String(data.totalTax ?? ''))),
      h('span', {}, 'Total ', h('b', { 'data-total': 'total' }, String(data.total ?? '')))));
  // The lines are built apart, and join the page at once.
  const lines = document.createDocumentFragment();
  for (const line of data.lineItems || []) {
    const what = line.product || line.purchase || {};
    const taxes = line.taxes || [];
    // Each line is a box of its own, which the browser lays out when it
    // comes into view (.calc-line): an answer of 1,000 lines shows at once.
    const box = h('section', { class: 'calc-line' });
    lines.append(box);
    add(box, h('h3', {}, `Line ${line.lineItemId ?? ''}: ${what.productClass || what.purchaseClass || ''} ${what.value || ''} — amount ${line.extendedPrice ?? line.cost ?? ''}, tax ${line.totalTax ?? 0}`));
    if (!taxes.length) {
      add(box, h('p', { class: 'note' }, 'No tax on this line.'));
      continue;
    }
    add(box, table(null,
      ['Jurisdiction', 'Type', 'Imposition', 'Result', { label: 'Taxable', num: true }, { label: 'Rate', num: true }, { label: 'Tax', num: true }, 'Rule and why'],
      taxes.map((t) => [
        h('span', {}, t.jurisdiction.value, h('br'), h('code', {}, t.jurisdiction.jurisdictionId)),
        t.jurisdiction.jurisdictionType,
        t.imposition ? t.imposition.value : '',
        t.taxResult,
        String(t.taxable ?? ''),
        String(t.effectiveRate ?? ''),
        String(t.calculatedTax ?? ''),
        explainTax(t, status),
      ])));
  }
  add(out, lines, h('details', {}, h('summary', {}, 'The whole answer as JSON'), h('pre', {}, pretty(answer))));
}

// parseRequest parses the request's text, its numbers kept as written
// (an amount of 12345678901234567.89 stays so in "Copy as curl" and
// "Copy as Go", where a JavaScript number would round it), or throws an
// error saying that it is not JSON.
function parseRequest(text) {
  const asWritten = (key, value, context) => (typeof value === 'number' && context && JSON.rawJSON ? JSON.rawJSON(context.source) : value);
  try {
    return JSON.parse(text, asWritten);
  } catch (err) {
    throw new Error(`the request is not JSON: ${err.message}`);
  }
}

// render draws the playground in root.
export function render(root, { status, fail }) {
  const out = h('section', { 'aria-label': 'Result', id: 'calc-result' });
  const codeBox = h('div');
  const form = h('form', { id: 'calc-form', class: 'card' });
  const jsonArea = h('textarea', { id: 'calc-json', spellcheck: 'false', 'aria-describedby': 'calc-json-note' });

  // refuse shows why there is no answer in place of the last one, whose
  // figures are not this request's, and puts the focus on the control at
  // fault when the form has it.
  const refuse = (err) => {
    fill(out, h('h2', {}, 'Refused'), h('ul', { class: 'error', id: 'calc-errors' },
      (err.items && err.items.length ? err.items : [{ message: err.message }]).map((e) => h('li', {}, e.target ? `${e.target}: ` : '', e.message))));
    fail(err);
    const el = err.id && document.getElementById(err.id);
    if (el) {
      el.setAttribute('aria-invalid', 'true');
      el.focus();
    }
  };

  const current = () => {
    const p = perspectives[state.perspective];
    if (state.mode === 'json') {
      return { path: p.path, text: jsonArea.value };
    }
    return { path: p.path, text: JSON.stringify(build(state)) };
  };

  const redraw = () => {
    clear(form);
    const p = perspectives[state.perspective];
    const persp = select({ id: 'calc-perspective' }, Object.entries(perspectives).map(([k, v]) => [k, v.label]), state.perspective);
    persp.addEventListener('change', () => {
      state.perspective = persp.value;
      state.messageType = perspectives[persp.value].types[0];
      redraw();
    });
    const modeForm = h('input', { type: 'radio', name: 'calc-mode', id: 'calc-mode-form', value: 'form', checked: state.mode === 'form' });
    const modeJSON = h('input', { type: 'radio', name: 'calc-mode', id: 'calc-mode-json', value: 'json', checked: state.mode === 'json' });
    for (const r of [modeForm, modeJSON]) {
      r.addEventListener('change', () => {
        if (r.value === 'json' && state.mode !== 'json') {
          try {
            state.json = pretty(build(state));
          } catch (err) {
            // The form stays: its value at fault is the one to mend.
            modeForm.checked = true;
            refuse(err);
            return;
          }
        }
        state.mode = r.value;
        redraw();
      });
    }
    add(form, h('div', { class: 'row' },
      field('Perspective', persp),
      h('fieldset', {}, h('legend', {}, 'Build the request'),
        modeForm, h('label', { for: 'calc-mode-form' }, ' with the form '),
        modeJSON, h('label', { for: 'calc-mode-json' }, ' as JSON'))));
    if (state.mode === 'json') {
      jsonArea.value = state.json;
      jsonArea.oninput = () => { state.json = jsonArea.value; };
      add(form, field(`Request body (sent to ${p.path} as it is)`, jsonArea),
        h('p', { class: 'note', id: 'calc-json-note' }, 'Paste any request of the wire format; the perspective chooses the route.'));
    } else {
      const input = (obj, key, attrs = {}) => {
        const el = h('input', { value: obj[key], ...attrs });
        el.addEventListener('input', () => {
          obj[key] = el.value;
          el.removeAttribute('aria-invalid');
        });
        return el;
      };
      const mt = select({ id: 'calc-message-type' }, p.types, state.messageType);
      mt.addEventListener('change', () => { state.messageType = mt.value; });
      add(form, h('div', { class: 'row' },
        field('Message type', mt),
        field('Document date', input(state, 'documentDate', { type: 'date', id: 'calc-date', required: true })),
        field('Transaction ID', input(state, 'transactionId', { id: 'calc-transaction-id' }), 'needed to store an invoice'),
        field('Currency', input(state, 'currency', { id: 'calc-currency', size: 4 }))));
      const party = (title, addr, prefix) => h('fieldset', {}, h('legend', {}, title),
        h('div', { class: 'row' }, addressFields.map(([k, label]) => field(label, input(addr, k, { id: `${prefix}-${k}` })))));
      add(form, h('div', { class: 'grid2' }, party(p.from[2], state.from, 'calc-from'), party(p.to[2], state.to, 'calc-to')));
      const lines = h('fieldset', {}, h('legend', {}, 'Lines'));
      state.lines.forEach((l, i) => {
        const remove = h('button', { type: 'button', class: 'danger', 'aria-label': `Remove line ${i + 1}`, disabled: state.lines.length === 1 }, 'Remove');
        remove.addEventListener('click', () => { state.lines.splice(i, 1); redraw(); });
        add(lines, h('div', { class: 'row' },
          h('span', {}, `Line ${i + 1}`),
          field('Class', input(l, 'productClass', { id: `calc-line-${i}-class` })),
          field('Product code', input(l, 'product', { id: `calc-line-${i}-product` })),
          field('Quantity', input(l, 'quantity', { id: `calc-line-${i}-quantity`, type: 'number', min: 0, step: 'any' })),
          field(state.perspective === 'owner' ? 'Cost' : 'Amount', input(l, 'amount', { id: `calc-line-${i}-amount`, inputmode: 'decimal' })),
          remove));
      });
      const addLine = h('button', { type: 'button', class: 'secondary' }, 'Add a line');
      addLine.addEventListener('click', () => { state.lines.push({ productClass: 'GENERAL', product: '', quantity: 1, amount: '10.00' }); redraw(); });
      add(lines, addLine);
      add(form, lines);
    }
    const showCode = (kind) => {
      let path;
      let body;
      try {
        let text;
        ({ path, text } = current());
        body = parseRequest(text);
      } catch (err) {
        refuse(err);
        return;
      }
      const code = kind === 'curl' ? curlOf(path, body) : goProgram(path, body);
      const pre = h('pre', { id: `calc-code-${kind}` }, code);
      fill(codeBox, h('h2', {}, kind === 'curl' ? 'As curl' : 'As Go'), pre,
        h('p', { class: 'note' }, 'Set TOKEN to an access token of the API first.'),
        copyButton('Copy', () => code, status));
    };
    add(form, h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'calc-send' }, 'Calculate'),
      h('button', { type: 'button', class: 'secondary', id: 'calc-curl', onclick: () => showCode('curl') }, 'Copy as curl'),
      h('button', { type: 'button', class: 'secondary', id: 'calc-go', onclick: () => showCode('go') }, 'Copy as Go')));
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    let path;
    let text;
    try {
      ({ path, text } = current());
      parseRequest(text);
    } catch (err) {
      refuse(err);
      return;
    }
    status('Calculating…');
    try {
      const answer = await call(path, { body: text });
      showAnswer(out, answer, status);
      status(`Calculated: tax ${answer.data.totalTax}.`);
    } catch (err) {
      refuse(err);
    }
  });

  redraw();
  add(root, form, codeBox, out);
}

// The journal page: the remittance summary of a period as a table and a
// bar chart, the tax over time as a line chart, the transactions behind a
// row and every version of one, and the period's export. A company code
// chosen narrows the summary, the chart, the lists and the downloads to
// that company's transactions (each company files its own returns).

import { barChart, lineChart } from './charts.js';
import { add, clear, data, field, fill, h, orient, pretty, select, statusPill, table, today, when } from './dom.js';
import { call } from './session.js';

// period is the last period shown, kept while the tab lives.
const period = { from: `${today().slice(0, 4)}-01-01`, to: today() };

// allCompanies is the company select's value for every company; a
// company code is the value of its own option ('' for the transactions
// stored without one).
const allCompanies = '\u0000all';

// chosen is the company chosen last, kept while the tab lives.
let chosen = allCompanies;

// collector says who remits a row's tax, as the report's column
// COLLECTED FROM does: SELLER, BUYER, "SELLER (vendor)" for the tax the
// tenant's vendors charged it (they remit it), and who withheld it
// under which withholding type (the rows of one jurisdiction's
// withholdings are one per type).
function collector(r) {
  let withheld = { BY_TENANT: ', withheld by you', BY_CUSTOMER: ', withheld by the customer' }[r.withheld] || '';
  if (withheld && r.withholdingType) withheld += ` (${r.withholdingType})`;
  return `${r.collectedFrom || ''}${r.paidToVendor ? ' (vendor)' : ''}${withheld}`;
}

// rowName names a row of the summary for people: its jurisdiction,
// imposition and currency, and what sets it apart from the other rows of
// that jurisdiction (who remits it, why its tax is zero).
// The jurisdiction goes by its name and its ID: jurisdictions of one name
// are many (the state of New York and its city, a Springfield in each of
// several states), and their rows were named alike.
function rowName(r) {
  const from = r.collectedFrom === 'SELLER' && !r.paidToVendor && !r.withheld ? '' : collector(r);
  const who = r.jurisdictionName && r.jurisdictionName !== r.jurisdictionId ? `${r.jurisdictionName} (${r.jurisdictionId})` : r.jurisdictionId;
  return [who, r.imposition, r.currency, from, r.zeroTaxBecause ? `zero: ${r.zeroTaxBecause}` : '']
    .filter(Boolean).join(' · ');
}

// barLabels names the bar of each row in a few words: its jurisdiction
// (its ID where its name is too long), and of its imposition, currency,
// collector and reason of a zero tax, those that tell it from the other
// rows of its jurisdiction. Cut to 40 characters, the names of the rows
// of one jurisdiction were alike, and so were those of Los Angeles
// County's districts ("Los Angeles County Metropolitan Transpo…"). A
// name that rows of another jurisdiction have too (the state of New York
// and its city) goes with the jurisdiction's ID, or gives way to it:
// their bars read "New York" alike.
function barLabels(rows) {
  // The reason in two or three words (NO_NEXUS: "no nexus"); the table
  // and the bar's title have it in full.
  const reason = (r) => (r.zeroTaxReason || '').toLowerCase().replaceAll('_', ' ');
  const parts = (r) => [r.imposition || '', r.currency || '', collector(r), reason(r)];
  const byJurisdiction = new Map();
  const idsOfName = new Map();
  for (const r of rows) {
    byJurisdiction.set(r.jurisdictionId, [...(byJurisdiction.get(r.jurisdictionId) || []), parts(r)]);
    if (r.jurisdictionName) idsOfName.set(r.jurisdictionName, new Set([...(idsOfName.get(r.jurisdictionName) || []), r.jurisdictionId]));
  }
  return rows.map((r) => {
    const others = byJurisdiction.get(r.jurisdictionId);
    const apart = parts(r).filter((p, k) => p && others.some((o) => o[k] !== p)).join(' · ');
    const room = apart ? Math.max(12, 40 - apart.length - 3) : 40;
    const shared = r.jurisdictionName && idsOfName.get(r.jurisdictionName).size > 1;
    const called = shared ? `${r.jurisdictionName} (${r.jurisdictionId})` : r.jurisdictionName;
    const name = (called || '').length <= room && called ? called : r.jurisdictionId;
    const short = name.length > room ? `${name.slice(0, room - 1)}…` : name;
    return apart ? `${short} · ${apart}` : short;
  });
}

// companyQuery is the query of the period, with the company chosen.
function companyQuery() {
  return chosen === allCompanies ? { ...period } : { ...period, company: chosen };
}

// download fetches the export of the period and the company chosen with
// the token and saves it.
async function download(format, status, fail) {
  status(`Preparing the ${format.toUpperCase()} export…`);
  // The file is named after the company chosen; the browser takes out of
  // the name what a file name cannot hold.
  const whose = chosen === allCompanies ? '' : `${chosen === '' ? 'no-company' : chosen}-`;
  try {
    const resp = await call('/console/api/journal/export', { query: { ...companyQuery(), format }, raw: true });
    let blob;
    try {
      blob = await resp.blob();
    } catch {
      // The server ends an export that broke off (cut at its time limit,
      // or a fault) without ending its answer, so that a part is never
      // saved as the whole.
      throw new Error('the export broke off before its end, and nothing was saved: try a shorter period, or levy journal export');
    }
    const a = h('a', { href: URL.createObjectURL(blob), download: `journal-${whose}${period.from}-${period.to}.${format}` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    status(`Exported ${blob.size} bytes as ${format.toUpperCase()}.`);
  } catch (err) {
    fail(err);
  }
}

// render draws the journal page in root.
export function render(root, { status, fail }) {
  const from = h('input', { type: 'date', id: 'journal-from', value: period.from, required: true });
  const to = h('input', { type: 'date', id: 'journal-to', value: period.to, required: true });
  // The company chosen last is chosen again: the page, drawn anew when
  // the user comes back to it, first shows (show) what the select holds,
  // which was every company's alone, and the choice was lost.
  const company = select({ id: 'journal-company' }, [[allCompanies, 'All companies'],
    ...(chosen === allCompanies ? [] : [[chosen, chosen === '' ? '(no company code)' : chosen]])], chosen);
  const form = h('form', { class: 'card', id: 'journal-period' },
    h('div', { class: 'row' }, field('From', from), field('To', to), field('Company', company),
      h('button', { type: 'submit' }, 'Show'),
      h('button', { type: 'button', class: 'secondary', id: 'journal-csv', onclick: () => download('csv', status, fail) }, 'Download CSV'),
      h('button', { type: 'button', class: 'secondary', id: 'journal-jsonl', onclick: () => download('jsonl', status, fail) }, 'Download JSON lines')));
  const summaryBox = h('section', { id: 'journal-summary', 'aria-label': 'Remittance summary' });
  const seriesBox = h('section', { id: 'journal-series', 'aria-label': 'Tax over time' });
  const txBox = h('section', { id: 'journal-transactions', 'aria-label': 'Transactions' });
  const versionBox = h('section', { id: 'journal-versions', 'aria-label': 'Versions' });
  const lookup = h('input', { id: 'journal-id', spellcheck: 'false' });
  const lookupForm = h('form', { class: 'row', id: 'journal-lookup' }, field('Transaction ID', lookup),
    h('button', { type: 'submit', class: 'secondary' }, 'Show its versions'));
  add(root, form, summaryBox, seriesBox, h('div', { class: 'card' }, lookupForm), txBox, versionBox);
  orient(company);

  // opened counts the transactions whose versions were asked for: the
  // answer (or refusal) of one that a later one overtook is dropped, so
  // that the versions shown are of the transaction asked for last.
  let opened = 0;
  const showVersions = async (id) => {
    const mine = ++opened;
    status(['Reading the versions of ', data(id), '…']);
    try {
      const answer = await call(`/console/api/journal/transactions/${encodeURIComponent(id)}`);
      if (mine !== opened) return;
      const hist = answer.data;
      // The server names the reversal that stands against the latest
      // version, read with the versions: not one of the last list, which
      // a transaction opened by its ID was not in, and which still held
      // a reversal deleted since.
      const reversedBy = hist.reversedBy || '';
      fill(versionBox, h('h2', {}, `Transaction ${id} `, statusPill(hist.live ? 'live' : 'deleted'), reversedBy ? ' ' : null,
        reversedBy ? statusPill('reversed') : null),
        hist.live ? null : h('p', {}, 'Deleted: it no longer counts in reports; its versions stay for audit.'),
        reversedBy ? h('p', { id: 'journal-reversed-by', 'data-reversed-by': reversedBy }, 'Reversed by ',
          h('button', { type: 'button', class: 'linkish', onclick: () => showVersions(reversedBy) }, reversedBy),
          ', which takes its latest version back.') : null,
        table(`${hist.versions.length} version${hist.versions.length === 1 ? '' : 's'}, oldest first`,
          // The amounts are in the version's currency, which a later
          // version may change.
          ['Version', 'Stored at', 'Kind', 'Posting date', 'Currency', { label: 'Subtotal', num: true }, { label: 'Tax', num: true }, { label: 'Total', num: true }, 'Notes'],
          hist.versions.map((v) => [String(v.version), when(v.postedAt), `${v.perspective} ${v.messageType}`, v.postingDate, v.currency || '',
            String(v.subTotal), String(v.totalTax), String(v.total),
            [v.sync ? 'sync ' : '', v.rollbackOf ? `rolls back to version ${v.rollbackOf} ` : '', v.reversalOf ? `reverses ${v.reversalOf} ` : '',
              v.profileVersion ? `profile version ${v.profileVersion}` : ''].join('').trim()])),
        h('details', {}, h('summary', {}, 'Every version with its lines and taxes'), h('pre', {}, pretty(hist.versions))));
      status('');
      versionBox.scrollIntoView({ block: 'nearest' });
    } catch (err) {
      if (mine !== opened) return;
      fill(versionBox, h('p', { class: 'error' }, err.message));
      fail(err);
    }
  };

  // listing counts the transaction lists asked for, and a showing of
  // the summary counts as one: a list whose answer comes after a later
  // list or summary was asked for is dropped, so that no list of another
  // period or company stands under the summary on the page.
  let listing = 0;
  const showTransactions = async (row) => {
    const mine = ++listing;
    const query = companyQuery();
    if (row) {
      // The whole key of the summary's row, so that the list holds the
      // transactions the row counts, no other currency or imposition.
      Object.assign(query, {
        jurisdiction: row.jurisdictionId, currency: row.currency || '', imposition: row.imposition || '',
        collectedFrom: row.collectedFrom || '', zeroTaxReason: row.zeroTaxReason || '', withheld: row.withheld || '',
        withholdingType: row.withholdingType || '', paidToVendor: String(!!row.paidToVendor),
      });
    }
    const name = row ? rowName(row) : '';
    status('Reading the transactions…');
    try {
      const answer = await call('/console/api/journal/transactions', { query });
      if (mine !== listing) return;
      const listed = answer.data.transactions;
      const heads = ['Transaction', 'Posting date', 'Document', 'Kind', 'Currency', { label: 'Tax', num: true }];
      if (row) heads.push({ label: `Tax of ${name}`, num: true });
      heads.push('Reversal of');
      // The company code is the tenant's, in its own direction (dom.data).
      const of = [`${query.from} to ${query.to}`, 'company' in query ? [', company ', query.company === '' ? '(no company code)' : data(query.company)] : ''];
      fill(txBox, h('h2', {}, row ? `Transactions with a tax of ${name}, ` : 'Transactions of ', of),
        answer.data.truncated ? h('p', { class: 'note' }, 'The period holds more transactions than shown: download the export for all.') : null,
        table(null, heads, listed.map((t) => {
          const cells = [h('button', { type: 'button', class: 'linkish', onclick: () => showVersions(t.transactionId) }, t.transactionId),
            t.postingDate, t.documentNumber || '', `${t.perspective} ${t.messageType}`, t.currency || '', String(t.totalTax)];
          if (row) cells.push(String(t.jurisdictionTax));
          cells.push(t.reversalOf || '');
          return cells;
        })));
      status(`${listed.length} transactions.`);
    } catch (err) {
      if (mine === listing) fail(err);
    }
  };

  // shown counts the showings begun: a showing whose answers come after
  // a later one began (the page's first, overtaken by a submit) is
  // dropped, so that the period chosen last is the one on the page.
  let shown = 0;
  const show = async () => {
    const mine = ++shown;
    listing += 1;
    period.from = from.value;
    period.to = to.value;
    chosen = company.value;
    status('Reading the journal…');
    try {
      // The summary of every company carries the companies of the
      // period; that of one company does not, and they are read apart.
      const every = chosen === allCompanies;
      const [summary, series, companies] = await Promise.all([
        call('/console/api/journal/summary', { query: companyQuery() }),
        call('/console/api/journal/series', { query: companyQuery() }),
        every ? null : call('/console/api/journal/companies', { query: period }),
      ]);
      if (mine !== shown) return;
      // The list of the last period or company is not of this one.
      clear(txBox);
      // The companies of the period, and the one chosen even when the
      // period has none of its transactions.
      const totals = (every ? summary.companies : companies.data) || [];
      const codes = [...new Set(totals.map((c) => c.company))];
      if (chosen !== allCompanies && !codes.includes(chosen)) codes.push(chosen);
      const options = [[allCompanies, 'All companies'], ...codes.map((c) => [c, c === '' ? '(no company code)' : c])];
      company.replaceChildren(...select({}, options, chosen).children);
      company.value = chosen;
      orient(company);
      const whose = chosen === allCompanies ? '' : [', company ', chosen === '' ? '(no company code)' : data(chosen)];
      const rows = summary.data || [];
      fill(summaryBox, h('h2', {}, `Remittance summary, ${period.from} to ${period.to}`, whose));
      if (!rows.length) {
        add(summaryBox, h('p', {}, 'No tax was stored in the period.'));
      } else {
        // The columns and the totals of the report (levy journal report):
        // the rows of one jurisdiction and imposition differ by who
        // remits the tax and why it is zero, and the total of a currency
        // leaves out the tax that customers withheld and that vendors
        // charged.
        const totals = summary.totals || [];
        const short = barLabels(rows);
        const bars = rows.map((r, i) => ({
          label: rowName(r), short: short[i], value: Number(r.tax), text: String(r.tax), key: String(i), row: r,
        }));
        // One chart per currency, as the tax over time: the bars of one
        // scale are amounts of one currency, and the chart's title says
        // which. A row in euros stood among the dollars' with no word of
        // its currency, its length measured against theirs.
        const rowCurrencies = [...new Set(rows.map((r) => r.currency || ''))];
        add(summaryBox, ...rowCurrencies.map((cur) => barChart(`Tax per jurisdiction and imposition${cur ? ` (${cur})` : ''}`,
          bars.filter((b) => (b.row.currency || '') === cur), (b) => showTransactions(b.row))));
        add(summaryBox,
          table('The summary', ['Jurisdiction', 'Type', 'Imposition', 'Collected from', 'Currency', { label: 'Taxable', num: true }, { label: 'Exempt', num: true },
            { label: 'Non-taxable', num: true }, { label: 'Tax', num: true }, { label: 'Transactions', num: true }, 'Zero tax because', ''],
          rows.map((r) => [h('span', {}, r.jurisdictionName || '', h('br'), h('code', {}, r.jurisdictionId)), r.jurisdictionType || '',
            r.imposition || '', collector(r), r.currency || '', String(r.taxable), String(r.exempt), String(r.nonTaxable), String(r.tax),
            String(r.transactions), r.zeroTaxBecause || '',
            h('button', { type: 'button', class: 'secondary', 'aria-label': `Transactions of ${rowName(r)}`, onclick: () => showTransactions(r) }, 'Transactions')])),
          h('div', { id: 'journal-totals' }, table('Total tax owed per currency (the withheld by the customer and vendor rows are not in it)',
            ['Currency', { label: 'Transactions', num: true }, { label: 'Net amount', num: true }, { label: 'Total tax', num: true }],
            totals.map((c) => [c.currency || '(none)', String(c.transactions), String(c.subTotal), String(c.tax)]),
            (i) => ({ 'data-currency': totals[i].currency, 'data-tax': String(totals[i].tax) }))),
          h('p', {}, h('button', { type: 'button', class: 'secondary', onclick: () => showTransactions(null) }, 'All transactions of the period')));
      }
      const points = series.data || [];
      fill(seriesBox, h('h2', {}, 'Tax over time'));
      const currencies = [...new Set(points.map((p) => p.currency || ''))];
      if (!points.length) add(seriesBox, h('p', {}, 'Nothing posted in the period.'));
      for (const cur of currencies) {
        add(seriesBox, lineChart(`Total tax per posting date${cur ? ` (${cur})` : ''}`,
          points.filter((p) => (p.currency || '') === cur).map((p) => ({ x: p.date, t: Date.parse(p.date), y: Number(p.totalTax), text: String(p.totalTax) }))));
      }
      status(`${rows.length} summary rows.`);
    } catch (err) {
      if (mine === shown) fail(err);
    }
  };

  company.addEventListener('change', () => show());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    show();
  });
  lookupForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (lookup.value.trim()) showVersions(lookup.value.trim());
  });
  show();
}

// The pages of a tenant's tax profile: its customers and their exemption
// certificates (those that expire within 30 days stand out, and a
// certificate's scan can be downloaded), its registrations and its
// product codes, read through the profile's admin routes. A console
// credential reads them; an admin one also imports files, creates,
// revokes and deletes. The operator names the tenant.

import { add, clear, data, field, fill, h, latest, orient, pretty, select, statusPill, table, today, when } from './dom.js';
import { call, session } from './session.js';

const P = '/admin/v1/profile';

// SOON is how many days ahead a certificate's expiration stands out.
const SOON = 30;

// The tenant the operator works on, kept while the tab lives.
const scope = { tenant: '' };

// operatorOnly reports whether the session is the server's operator's
// alone, without a token of a tenant's own (console or admin): only
// such a session names the tenant it works on (tenantField).
function operatorOnly() {
  const s = session() || {};
  return !!(s.operator && !s.admin && !s.console);
}

// scoped returns query with the tenant the operator named, when the
// session is the operator's alone: a tenant's own session, such as that
// of the admin who signed in after the operator in the same tab, acts
// on its own tenant and sends none (the API refuses another tenant).
function scoped(query) {
  const q = { ...query };
  if (scope.tenant && operatorOnly()) q.tenant = scope.tenant;
  return q;
}

// reading returns the options of a call that reads: the console's or the
// admin's token, or the operator's, which names the tenant.
function reading(query = {}) {
  const s = session() || {};
  const q = scoped(query);
  return s.console || s.admin ? { query: q } : { query: q, admin: true };
}

// writing returns the options of a call that writes: the admin's token,
// or the operator's with the tenant.
function writing(opts = {}) {
  return { ...opts, query: scoped(opts.query || {}), admin: true };
}

// tenantField is the operator's choice of tenant; it redraws the page
// with redraw.
function tenantField(operator, redraw) {
  if (!operator || !operatorOnly()) return null;
  const input = h('input', { id: 'prof-tenant', value: scope.tenant, placeholder: 'the tenant', required: true });
  const form = h('form', { class: 'card row', id: 'prof-tenant-form' }, field('Tenant', input), h('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scope.tenant = input.value.trim();
    redraw();
  });
  return form;
}

// daysUntil returns the days from today (the user's day, dom.today) to a
// date YYYY-MM-DD.
function daysUntil(date) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86400000);
}

// addDays returns today plus n days as YYYY-MM-DD.
function addDays(n) {
  return new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
}

// expiry describes when a certificate expires: a badge that says it
// when it is within SOON days (or past), and whether it stands out.
function expiry(c) {
  if (!c.expirationDate) return { soon: false, badge: null };
  const days = daysUntil(c.expirationDate);
  if (c.status === 'revoked') return { soon: false, badge: null };
  if (days < 0) return { soon: false, badge: h('span', { class: 'pill bad' }, 'expired') };
  if (days <= SOON) {
    const words = days === 0 ? 'expires today' : `expires in ${days} day${days === 1 ? '' : 's'}`;
    return { soon: true, badge: h('span', { class: 'pill wait expiring-badge' }, words) };
  }
  return { soon: false, badge: null };
}

// saveDocument downloads a certificate's scan with the token.
async function saveDocument(c, status, fail) {
  status(['Downloading the scan of ', data(c.number), '…']);
  try {
    const path = `${P}/customers/${encodeURIComponent(c.customerCode)}/certificates/${encodeURIComponent(c.number)}/document`;
    const resp = await call(path, { ...reading(), raw: true });
    const blob = await resp.blob();
    const name = (c.document && c.document.fileName) || `certificate-${c.number}`;
    const a = h('a', { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    const box = document.getElementById('prof-certs');
    if (box) box.dataset.downloaded = String(blob.size);
    status(['Downloaded ', data(name), ` (${blob.size} bytes).`]);
  } catch (err) {
    fail(err);
  }
}

// revivals returns the items of a refused file import that are rows
// making a certificate revoked in Levy active again: the admin route
// answers each with 409, code conflict, on the row's status column
// (certificates.csv:3:status) or, for one JSON change set, on the
// certificate's status member (certificates[0].status), and takes them
// with reinstateRevoked.
function revivals(err) {
  if (!err || err.status !== 409) return [];
  return (err.items || []).filter((e) => e.code === 'conflict' && /(:|\]\.)status$/.test(e.target || ''));
}

// importForm makes the form that imports files (admin), showing every
// bad row with its place; done runs after a good import. A refusal of
// rows that would make revoked certificates active again says which,
// and offers to import the same files again reinstating them, which the
// user must ask for in so many words.
function importForm(status, fail, done) {
  const files = h('input', { type: 'file', id: 'prof-files', multiple: true, accept: '.csv,.json,text/csv,application/json', required: true });
  const result = h('div', { id: 'prof-import-result', 'aria-live': 'polite' });
  const form = h('form', { class: 'card', id: 'prof-import' }, h('h2', {}, 'Import files'),
    h('p', { class: 'note' }, 'The CSV files of an ERP (customers.csv, certificates.csv, registrations.csv, products.csv, franchises.csv; the header names the kind), ',
      'or one JSON change set. They are stored together or not at all.'),
    h('div', { class: 'row' }, field('Files', files), h('button', { type: 'submit' }, 'Import')), result);
  const send = async (list, reinstate) => {
    status(reinstate ? 'Importing, reinstating the revoked certificates…' : 'Importing…');
    clear(result);
    try {
      let answer;
      if (list.length === 1 && /\.json$/i.test(list[0].name)) {
        // The file goes as its bytes, as the CSV files do: read as text
        // first, a file not in UTF-8 (a name in Latin-1) had each of its
        // bad bytes made U+FFFD, and was stored so, where the server
        // refuses a string that is not UTF-8, naming it.
        answer = await call(`${P}/import`, writing({ method: 'POST', body: list[0], contentType: 'application/json',
          query: reinstate ? { reinstateRevoked: 'true' } : {} }));
      } else {
        const body = new FormData();
        for (const f of list) body.append('file', f, f.name);
        answer = await call(`${P}/import/files`, writing({ method: 'POST', body, query: reinstate ? { reinstateRevoked: 'true' } : {} }));
      }
      const a = answer.data;
      const n = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;
      // The counts are of the records stored; the records equal to the
      // stored ones, the deletions and the policy are said besides.
      const besides = [a.deletes ? `${n(a.deletes, 'deletion')}` : '', a.policy ? "the tenant's policy" : ''].filter(Boolean);
      fill(result, h('p', { id: 'prof-import-ok', tabindex: -1 }, `Imported ${n(a.customers, 'customer')}, ${n(a.certificates, 'certificate')}, `,
        `${n(a.registrations, 'registration')}, ${n(a.products, 'product')} and ${n(a.franchises || 0, 'franchise fee')}`,
        besides.length ? `, with ${besides.join(' and ')}` : '', `: the profile is at version ${a.version}.`,
        a.unchanged ? ` ${n(a.unchanged, 'record')} of the files ${a.unchanged === 1 ? 'was' : 'were'} equal to the stored ${a.unchanged === 1 ? 'one' : 'ones'} and left as ${a.unchanged === 1 ? 'it was' : 'they were'}.` : '',
        reinstate ? ' The revoked certificates that the files list as active are active again.' : ''));
      // The button that asked for the reinstatement is gone: the focus
      // goes to what became of it rather than to the top of the page.
      if (reinstate) result.firstChild.focus();
      status('Imported.');
      files.value = '';
      done();
    } catch (err) {
      const revived = reinstate ? [] : revivals(err);
      const items = err.items && err.items.length ? err.items : [{ message: err.message }];
      fill(result, h('p', { class: 'error', tabindex: -1 }, 'Nothing was imported:'),
        table(null, ['Where', 'What'], items.map((e) => [h('code', {}, e.target || ''), e.message]), () => ({ class: 'import-error' })),
        revived.length ? h('div', { class: 'card', id: 'prof-import-revive' },
          h('p', {}, `${revived.length} row${revived.length === 1 ? '' : 's'} would make a revoked certificate active again (above). `,
            'Give such a row the status revoked, or, if the certificate is valid again, import the same files reinstating it.'),
          h('button', { type: 'button', class: 'danger', id: 'prof-import-reinstate', onclick: () => send(list, true) },
            `Import again, reinstating ${revived.length === 1 ? 'that certificate' : `those ${revived.length} certificates`}`)) : null);
      if (reinstate) result.firstChild.focus();
      status('The import was refused: nothing was stored.');
    }
  };
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const list = [...files.files];
    if (list.length) send(list, false);
  });
  return form;
}

// versionsTable shows the versions of a record, each with what it held.
function versionsTable(versions, member) {
  return table(`${versions.length} version${versions.length === 1 ? '' : 's'}, oldest first`, ['Version', 'Made at', 'By', 'Change'],
    versions.map((v) => [String(v.version), when(v.at), h('code', {}, v.by), v.deleted ? statusPill('deleted') : h('details', {},
      h('summary', {}, 'the record'), h('pre', {}, pretty(v[member])))]));
}

// memberOf returns the member of a record that an error's target names,
// without the place of the record in a change set: the admin route of
// one record names "representative.address.country", an import of a
// change set "registrations[0].representative.address.country".
function memberOf(target) {
  return String(target || '').replace(/^[A-Za-z]+\[\d+\]\./, '');
}

// unmark takes away the marks of refused values from the controls of
// a form: the aria-invalid and the message beside each.
function unmark(form) {
  for (const el of form.querySelectorAll('[aria-invalid="true"]')) {
    el.removeAttribute('aria-invalid');
    el.removeAttribute('aria-describedby');
  }
  for (const el of form.querySelectorAll('.field-error')) el.remove();
}

// markRefused shows each of a refusal's items whose target is a member
// that one of the controls stands for (controls, by member) at that
// control: the control is marked invalid, and the item's message goes
// beside it, which the control names as its description. The focus goes
// to the first control marked. It reports whether it marked any.
function markRefused(err, controls) {
  let first = null;
  for (const e of (err && err.items) || []) {
    const el = controls[memberOf(e.target)];
    if (!el) continue;
    const msg = h('span', { class: 'error field-error', id: `${el.id}-error`, 'data-target': e.target }, e.message);
    const old = document.getElementById(msg.id);
    if (old) {
      old.append(`; ${e.message}`);
      continue;
    }
    el.setAttribute('aria-invalid', 'true');
    el.setAttribute('aria-describedby', msg.id);
    el.after(msg);
    first = first || el;
  }
  if (first) first.focus();
  return !!first;
}

// storeForm makes a form (admin) of id: its fields, then a button that
// submits it; store sends the record and returns what the status says,
// and then the list is drawn again. A refusal says what it refused in
// the status line and, for each member that a control of controls (by
// member, as the API names it) stands for, at that control, until the
// control is typed in or the form is sent again.
function storeForm(id, button, fields, store, { status, fail }, list, controls = {}) {
  const form = h('form', { class: 'row', id }, ...fields, h('button', { type: 'submit' }, button));
  for (const el of Object.values(controls)) {
    const again = () => {
      if (el.getAttribute('aria-invalid') !== 'true') return;
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
      const msg = document.getElementById(`${el.id}-error`);
      if (msg) msg.remove();
    };
    el.addEventListener('input', again);
    el.addEventListener('change', again);
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    unmark(form);
    try {
      status(await store());
      list();
    } catch (err) {
      fail(err);
      if (err && err.status === 400) markRefused(err, controls);
    }
  });
  return form;
}

// deleteButton is the button (admin) that deletes a record of a list
// once the user says yes to question, by sending del, says done in the
// status line, and then draws the list again and gives box, the list's
// section, the focus that the button, gone with its row, had.
function deleteButton(label, question, done, del, { status, fail }, list, box) {
  return h('button', {
    type: 'button', class: 'danger', 'aria-label': label,
    onclick: async () => {
      if (!window.confirm(question)) return;
      try {
        await del();
        status(done);
        await list();
        box.focus();
      } catch (err) {
        fail(err);
      }
    },
  }, 'Delete');
}

// PAGE is how many records a list asks for at a time (the API's default
// page, asked for by name so that the offsets of the pages are sure).
const PAGE = 500;

// paged returns the query of a list's page from offset.
function paged(query, offset) {
  return { ...query, limit: String(PAGE), offset: String(offset) };
}

// lastPage returns the offset of the last page of a list of total
// records: where a list goes when the page it showed is empty now (its
// records deleted, or revoked under a filter of the active ones).
function lastPage(total) {
  return Math.max(0, Math.ceil(total / PAGE) - 1) * PAGE;
}

// pager shows where a page of a list stands (records from-to of the
// total the filters keep) and, when the list holds more than one page,
// the buttons that draw the previous and the next one with go(offset).
function pager(id, pg, offset, noun, go) {
  const n = pg.items.length;
  const where = n ? `${offset + 1}–${offset + n} of ${pg.total} ${noun}` : `0 of ${pg.total} ${noun}`;
  if (offset === 0 && n >= pg.total) return h('p', { class: 'note pager', id }, `${pg.total} ${noun}`);
  return h('div', { class: 'row pager', id }, h('p', { class: 'note' }, where),
    h('button', { type: 'button', class: 'secondary', 'data-page': 'previous', disabled: offset === 0, onclick: () => go(Math.max(0, offset - PAGE)) }, 'Previous page'),
    h('button', { type: 'button', class: 'secondary', 'data-page': 'next', disabled: offset + n >= pg.total, onclick: () => go(offset + n) }, 'Next page'));
}

// customers is the page of customers and their certificates.
export const customers = {
  render(root, { status, fail, admin, operator }) {
    const redraw = () => {
      clear(root);
      root.append(h('h1', {}, 'Customers'));
      customers.render(root, { status, fail, admin, operator });
    };
    const custBox = h('section', { id: 'prof-customers', 'aria-label': 'Customers' });
    const certBox = h('section', { id: 'prof-certs', 'aria-label': 'Certificates', tabindex: -1 });
    const detailBox = h('section', { id: 'prof-customer', 'aria-live': 'polite', 'aria-label': 'Customer' });
    const prefix = h('input', { id: 'prof-cust-filter', placeholder: 'code starts with' });
    const custFilter = h('form', { class: 'row', id: 'prof-cust-filter-form' }, field('Customer code', prefix),
      h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
    const certCustomer = h('input', { id: 'prof-cert-customer', placeholder: 'every customer' });
    const certJur = h('input', { id: 'prof-cert-jur', placeholder: 'US-TX, TX, US-4819000' });
    const soon = h('input', { id: 'prof-cert-soon', type: 'checkbox' });
    const certFilter = h('form', { class: 'row', id: 'prof-cert-filter' }, field('Customer', certCustomer), field('Jurisdiction', certJur),
      h('div', { class: 'field' }, h('label', { for: 'prof-cert-soon' }, soon, ` Expiring within ${SOON} days`)),
      h('button', { type: 'submit', class: 'secondary' }, 'Filter'));

    let newCustomer = null;
    if (admin) {
      const code = h('input', { id: 'prof-new-code', required: true });
      const name = h('input', { id: 'prof-new-name' });
      const cls = h('input', { id: 'prof-new-class' });
      const business = h('input', { id: 'prof-new-business', type: 'checkbox' });
      newCustomer = storeForm('prof-new-customer', 'Add customer', [field('Code', code), field('Name', name), field('Class code', cls),
        h('div', { class: 'field' }, h('label', { for: 'prof-new-business' }, business, ' A business'))], async () => {
        await call(`${P}/customers`, writing({ method: 'POST', body: { code: code.value.trim(), name: name.value.trim(), classCode: cls.value.trim(), isBusiness: business.checked } }));
        const done = ['Added customer ', data(code.value.trim()), '.'];
        code.value = '';
        name.value = '';
        return done;
      }, { status, fail }, () => listCustomers());
    }
    add(root, tenantField(operator, redraw),
      admin ? importForm(status, fail, () => { listCustomers(); listCertificates(); }) : null,
      h('div', { class: 'card' }, h('h2', {}, 'Customers'), custFilter, newCustomer, custBox),
      h('div', { class: 'card' }, h('h2', {}, 'Exemption certificates'),
        h('p', { class: 'note' }, `Certificates that expire within ${SOON} days are marked; revoked ones cover nothing from their revocation date.`),
        certFilter, certBox),
      detailBox);
    if (operator && !scope.tenant && operatorOnly()) {
      fill(custBox, h('p', { class: 'note' }, 'Name the tenant to work on.'));
      return;
    }

    // Each kind of request has its guard (dom.latest): an answer that
    // a later request of its kind overtook (a filter typed on, another
    // customer opened) is dropped rather than drawn over the later one.
    const detailTurn = latest();
    const custTurn = latest();
    const certTurn = latest();

    const showCustomer = async (code) => {
      const current = detailTurn();
      try {
        const d = (await call(`${P}/customers/${encodeURIComponent(code)}`, reading())).data;
        if (!current()) return;
        fill(detailBox, h('div', { class: 'card' }, h('h2', {}, 'Customer ', data(code), ' ', d.deleted ? statusPill('deleted') : null),
          d.customer ? h('p', {}, data(d.customer.name), d.customer.isBusiness ? ' (a business)' : '', d.customer.classCode ? [', class ', data(d.customer.classCode)] : '') : null,
          h('p', {}, `${d.certificates.length} certificate${d.certificates.length === 1 ? '' : 's'}.`),
          versionsTable(d.versions, 'customer')));
        certCustomer.value = code;
        listCertificates();
      } catch (err) {
        if (current()) fail(err);
      }
    };

    const listCustomers = async (offset = 0) => {
      const current = custTurn();
      try {
        const page = (await call(`${P}/customers`, reading(paged(prefix.value.trim() ? { customer: prefix.value.trim() } : {}, offset)))).data;
        if (!current()) return;
        fill(custBox, pager('prof-customers-pager', page, offset, 'customers', listCustomers), table(null, ['Code', 'Name', 'Class', 'Business'],
          page.items.map((c) => [h('button', { type: 'button', class: 'linkish', 'data-customer': c.code, onclick: () => showCustomer(c.code) }, c.code),
            c.name || '', c.classCode || '', c.isBusiness ? 'yes' : 'no'])));
      } catch (err) {
        if (current()) fill(custBox, h('p', { class: 'error' }, err.message));
      }
    };

    const listCertificates = async (offset = 0) => {
      const current = certTurn();
      const query = {};
      if (certCustomer.value.trim()) query.customer = certCustomer.value.trim();
      if (certJur.value.trim()) query.jurisdiction = certJur.value.trim();
      if (soon.checked) {
        query.expiringBefore = addDays(SOON + 1);
        query.status = 'active';
      }
      try {
        const page = (await call(`${P}/certificates`, reading(paged(query, offset)))).data;
        if (!current()) return;
        if (!page.items.length && offset > 0) {
          await listCertificates(lastPage(page.total));
          return;
        }
        const shown = soon.checked ? page.items.filter((c) => daysUntil(c.expirationDate) >= 0) : page.items;
        const marks = shown.map(expiry);
        fill(certBox, pager('prof-certs-pager', page, offset, 'certificates', listCertificates),
          soon.checked && shown.length < page.items.length ? h('p', { class: 'note' }, `${page.items.length - shown.length} expired already and are not shown.`) : null,
          table(null,
          ['Customer', 'Number', 'Jurisdictions', 'Reason', 'Classes', 'Effective', 'Expires', 'Status', 'Scan', ''],
          shown.map((c, i) => [c.customerCode, h('code', {}, c.number), c.jurisdictions.join(', '), c.reasonCode,
            (c.productClasses || []).join(', ') || 'all', c.effectiveDate, [c.expirationDate || 'never', marks[i].badge ? ' ' : '', marks[i].badge],
            [statusPill(c.status || 'active'), c.status === 'revoked' ? ` from ${c.revokedDate}` : '', c.transactionId ? ` (single purchase ${c.transactionId})` : ''],
            c.document ? h('button', { type: 'button', class: 'secondary download', 'data-cert': c.number, onclick: () => saveDocument(c, status, fail) }, 'Download') : '',
            admin && c.status !== 'revoked' ? h('button', {
              type: 'button', class: 'danger revoke', 'data-cert': c.number, 'aria-label': `Revoke ${c.number}`,
              onclick: async () => {
                // The revocation is from the user's today, which the
                // question names; without a day the server's would apply,
                // UTC's, a day off in the Americas' evening.
                const day = today();
                if (!window.confirm(`Revoke certificate ${c.number} of ${c.customerCode} from today, ${day}? It covers nothing from today on.`)) return;
                try {
                  await call(`${P}/customers/${encodeURIComponent(c.customerCode)}/certificates/${encodeURIComponent(c.number)}/revoke`,
                    writing({ method: 'POST', body: { revokedDate: day } }));
                  status(['Revoked ', data(c.number), '.']);
                  await listCertificates(offset);
                  certBox.focus();
                } catch (err) {
                  fail(err);
                }
              },
            }, 'Revoke') : '']),
          (i) => ({ class: marks[i].soon ? 'expiring' : null, 'data-cert': shown[i].number })));
      } catch (err) {
        if (current()) fill(certBox, h('p', { class: 'error' }, err.message));
      }
    };

    custFilter.addEventListener('submit', (ev) => {
      ev.preventDefault();
      listCustomers();
    });
    certFilter.addEventListener('submit', (ev) => {
      ev.preventDefault();
      listCertificates();
    });
    listCustomers();
    listCertificates();
  },
};

// recordPage makes the page of a kind of record that kind describes: a
// card with its heading and note, a filter of one parameter, the form
// that stores a record (admin), and the list, each record with a button
// that deletes it (admin) and says so in the status line (kind.deleted)
// and, when the form can show a stored record (its load), one that shows
// it there to be edited (kind.editLabel, kind.editing). The form's
// controls (by the member each stands for) show the API's refusals.
function recordPage(kind) {
  const page = {
    render(root, { status, fail, admin, operator }) {
      const redraw = () => {
        clear(root);
        root.append(h('h1', {}, kind.title));
        page.render(root, { status, fail, admin, operator });
      };
      const box = h('section', { id: kind.box, 'aria-label': kind.label, tabindex: -1 });
      const by = h('input', kind.filter.input);
      const filter = h('form', { class: 'row', id: kind.filter.id }, field(kind.filter.label, by), h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
      // The list asked for last is the one drawn (dom.latest).
      const turn = latest();
      const list = async (offset = 0) => {
        const current = turn();
        try {
          const v = by.value.trim();
          const pg = (await call(`${P}/${kind.path}`, reading(paged(v ? { [kind.filter.param]: v } : {}, offset)))).data;
          if (!current()) return;
          if (!pg.items.length && offset > 0) {
            await list(lastPage(pg.total));
            return;
          }
          fill(box, pager(`${kind.box}-pager`, pg, offset, kind.noun, list), table(null, [...kind.columns, ''],
            pg.items.map((x) => [...kind.cells(x), admin ? [editButton(x), deleteButton(kind.deleteLabel(x), kind.deleteQuestion(x), kind.deleted(x),
              () => call(`${P}/${kind.path}/${kind.keyPath(x).map(encodeURIComponent).join('/')}`, writing({ method: 'DELETE', query: kind.keyQuery && kind.keyQuery(x) })),
              { status, fail }, () => list(offset), box)] : ''])));
        } catch (err) {
          if (current()) fill(box, h('p', { class: 'error' }, err.message));
        }
      };
      let form = null;
      let f = null;
      if (admin) {
        f = kind.form();
        form = storeForm(f.id, f.button, f.fields, f.store, { status, fail }, list, f.controls);
      }
      // editButton is the button (admin) that shows record x in the form,
      // when the form can show one (its load), to be changed and stored
      // again in place of it.
      const editButton = (x) => (f && f.load ? h('button', {
        type: 'button', class: 'secondary', 'aria-label': kind.editLabel(x),
        onclick: () => {
          unmark(form);
          f.load(x);
          status(kind.editing(x));
        },
      }, 'Edit') : null);
      add(root, tenantField(operator, redraw), h('div', { class: 'card' }, h('h2', {}, kind.heading), h('p', { class: 'note' }, kind.note), filter, form, box));
      filter.addEventListener('submit', (ev) => {
        ev.preventDefault();
        list();
      });
      list();
    },
  };
  return page;
}

// STATE_COUNTRIES are the countries whose ISO 3166-1 alpha-2 code is also
// a US state's or territory's, by alpha-2 code, each with its alpha-3
// code: a registration stored in Germany says "DE", which a request's
// path names "DEU", "DE" there being Delaware (profile.JurisdictionInput;
// TestConsoleStateCountries keeps the list in step with it).
const STATE_COUNTRIES = {
  AL: 'ALB', AR: 'ARG', AS: 'ASM', AZ: 'AZE', CA: 'CAN', CO: 'COL', DE: 'DEU', GA: 'GAB', GU: 'GUM',
  ID: 'IDN', IL: 'ISR', IN: 'IND', KY: 'CYM', LA: 'LAO', MA: 'MAR', MD: 'MDA', ME: 'MNE', MN: 'MNG',
  MO: 'MAC', MP: 'MNP', MS: 'MSR', MT: 'MLT', NC: 'NCL', NE: 'NER', PA: 'PAN', PR: 'PRI', SC: 'SYC',
  SD: 'SDN', TN: 'TUN', VA: 'VAT', VI: 'VIR',
};

// jurisdictionInput names a stored jurisdiction as a request does.
const jurisdictionInput = (id) => STATE_COUNTRIES[id] || id;

// IDENTITY_TYPES are the types of a registration that only identifies
// its company when it is stored for a whole country (the wire's
// TaxRegistrationType.Identity, profile.Registration.IdentityOnly): such
// a number is a record of its own beside the tax registration of the
// same digits, and the routes of one registration name it by the type
// identity, the other by tax.
const IDENTITY_TYPES = ['Commercial Registration', 'Federal Employer Identification Number (FEIN)', 'Social Security Number (SSN)',
  'Tax Identification Number (TIN)'];

// registrationType is the type that names registration g, as stored
// (its jurisdiction "DE" is Germany), among the two registrations of its
// number.
function registrationType(g) {
  return IDENTITY_TYPES.includes(g.type) && !String(g.jurisdiction).includes('-') ? 'identity' : 'tax';
}

// US_PARTS are the two-letter codes that a request's jurisdiction reads
// as a state, the District of Columbia or a territory of the United
// States ("TX" is US-TX, "DE" Delaware), and US_TERRITORIES the
// three-letter country codes that it reads as a territory ("PRI" is
// US-PR), as profile.NormalizeJurisdiction does
// (TestConsoleJurisdictionParts keeps them in step with it).
const US_PARTS = ['AK', 'AL', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'GU', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY',
  'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MP', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'PR',
  'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VI', 'VT', 'WA', 'WI', 'WV', 'WY'];
const US_TERRITORIES = ['ASM', 'GUM', 'MNP', 'PRI', 'VIR'];

// wholeCountry reports whether a jurisdiction as a request names it
// ("DK", "DEU", "TX", "US-TX") is stored as a whole country: a bare
// two-letter code that is no part of the United States, or a
// three-letter country code that is no territory of it.
function wholeCountry(input) {
  const s = String(input).trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(s)) return !US_PARTS.includes(s);
  if (/^[A-Z]{3}$/.test(s)) return !US_TERRITORIES.includes(s);
  return false;
}

// requestedType is registrationType of registration g as a request
// names it, its jurisdiction as typed in the form ("DEU" for Germany,
// "TX" for Texas): the record of its number that storing g replaces.
function requestedType(g) {
  return IDENTITY_TYPES.includes(g.type) && wholeCountry(g.jurisdiction) ? 'identity' : 'tax';
}

// registrationKind names the record of a registration of type t
// (registrationType) in a sentence.
function registrationKind(t) {
  return t === 'identity' ? 'the number of identity' : 'the tax registration';
}

// representativeCell shows a registration's fiscal representative in
// the list: its name and its number, and the country of its address.
function representativeCell(rep) {
  if (!rep) return '';
  const country = rep.address && rep.address.country;
  return h('span', { class: 'representative' }, data(rep.name), ' ', h('code', {}, rep.number), country ? ` (${country})` : '');
}

// REPRESENTATIVE_ADDRESS are the members of the address of a fiscal
// representative, each with its label, as profile.RepresentativeAddress
// names them.
const REPRESENTATIVE_ADDRESS = [['street1', 'Street'], ['street2', 'Street, line 2'], ['city', 'City'], ['mainDivision', 'Main division'],
  ['postalCode', 'Postal code'], ['country', 'Country']];

// representativeFields makes the fields of a registration's fiscal
// representative, optional as a group: its fieldset, its controls by the
// member that each stands for (representative.address.country), load,
// which shows a stored representative (or none), and value, which
// returns the representative the fields say, or null when every field
// is empty: the form shows the stored one, so that fields left empty
// mean the registration has none. A group filled in part is sent as it
// is, and the API names the member missing.
function representativeFields() {
  const name = h('input', { id: 'prof-reg-rep-name', autocomplete: 'off' });
  const number = h('input', { id: 'prof-reg-rep-number', autocomplete: 'off', placeholder: 'DE129273398' });
  const address = Object.fromEntries(REPRESENTATIVE_ADDRESS.map(([k]) => [k,
    h('input', { id: `prof-reg-rep-${k.toLowerCase()}`, autocomplete: 'off', placeholder: k === 'country' ? 'DE, DEU, Germany' : null })]));
  const all = [name, number, ...Object.values(address)];
  const controls = { 'representative.name': name, 'representative.number': number, representative: name, 'representative.address': address.country };
  for (const [k, el] of Object.entries(address)) controls[`representative.address.${k}`] = el;
  return {
    fieldset: h('fieldset', { class: 'rep-fields', id: 'prof-reg-rep' }, h('legend', {}, 'Fiscal representative'),
      h('p', { class: 'note' }, 'Optional: the business that accounts for the VAT there on the seller\'s behalf, whom its e-invoices name. ',
        'Its name, VAT number and country are required when any field is filled; empty fields mean the registration has none.'),
      h('div', { class: 'row' }, field('Name', name), field('VAT number', number),
        REPRESENTATIVE_ADDRESS.map(([k, label]) => field(label, address[k])))),
    controls,
    load(rep) {
      name.value = (rep && rep.name) || '';
      number.value = (rep && rep.number) || '';
      for (const [k, el] of Object.entries(address)) el.value = (rep && rep.address && rep.address[k]) || '';
    },
    value() {
      if (all.every((el) => !el.value.trim())) return null;
      const a = {};
      for (const [k, el] of Object.entries(address)) if (el.value.trim()) a[k] = el.value.trim();
      return { name: name.value.trim(), number: number.value.trim(), address: a };
    },
  };
}

// registrations is the page of the seller's registrations.
export const registrations = recordPage({
  title: 'Registrations',
  box: 'prof-regs',
  label: 'Registrations',
  heading: 'Where the seller is registered',
  note: 'Registrations say where the seller has nexus; calculations use them when a request sends none.',
  filter: { id: 'prof-reg-filter', label: 'Jurisdiction', param: 'jurisdiction', input: { id: 'prof-reg-jur', placeholder: 'US-TX, TX, DEU (Germany)' } },
  path: 'registrations',
  noun: 'registrations',
  columns: ['Company', 'Jurisdiction', 'Number', 'Type', 'Effective', 'Ends', 'Present', 'Fiscal representative'],
  cells: (g) => [g.companyCode || '', g.jurisdiction, h('code', {}, g.number), g.type || '', g.effectiveDate || 'always', g.endDate || 'never',
    g.physicalPresence ? 'yes' : 'no', representativeCell(g.representative)],
  keyPath: (g) => [jurisdictionInput(g.jurisdiction), g.number],
  keyQuery: (g) => ({ ...(g.companyCode ? { company: g.companyCode } : {}), type: registrationType(g) }),
  deleteLabel: (g) => `Delete registration ${g.number}`,
  deleteQuestion: (g) => `Delete registration ${g.number} in ${g.jurisdiction}?`,
  deleted: (g) => ['Deleted registration ', data(g.number), ' in ', data(g.jurisdiction), '.'],
  editLabel: (g) => `Edit registration ${g.number}`,
  editing: (g) => ['The form shows registration ', data(g.number), ' in ', data(g.jurisdiction), ': change it and store it again.'],
  form() {
    const company = h('input', { id: 'prof-reg-company', placeholder: 'none' });
    const j = h('input', { id: 'prof-reg-new-jur', required: true });
    const number = h('input', { id: 'prof-reg-number', required: true });
    const type = select({ id: 'prof-reg-type' }, [['', 'not said'], 'VAT Registration', 'State Identification Number', 'Tax Identification Number (TIN)',
      'Federal Employer Identification Number (FEIN)', 'Business Number', 'Union Scheme', 'Non-Union Scheme', 'Import One Stop Shop'], '');
    const from = h('input', { id: 'prof-reg-from', type: 'date' });
    const to = h('input', { id: 'prof-reg-to', type: 'date' });
    const presence = h('input', { id: 'prof-reg-presence', type: 'checkbox' });
    const rep = representativeFields();
    return {
      id: 'prof-reg-form',
      button: 'Add registration',
      fields: [field('Company', company), field('Jurisdiction', j), field('Number', number), field('Type', type), field('Effective', from), field('Ends', to),
        h('div', { class: 'field' }, h('label', { for: 'prof-reg-presence' }, presence, ' Physically present')), rep.fieldset],
      controls: {
        companyCode: company, jurisdiction: j, number, type, effectiveDate: from, endDate: to, ...rep.controls,
      },
      load(g) {
        company.value = g.companyCode || '';
        j.value = jurisdictionInput(g.jurisdiction);
        number.value = g.number;
        // A type the form does not offer (one an import stored) is
        // offered for this registration, rather than dropped.
        const t = g.type || '';
        if (![...type.options].some((o) => o.value === t)) type.append(h('option', { value: t, dir: 'auto' }, t));
        type.value = t;
        orient(type);
        from.value = g.effectiveDate || '';
        to.value = g.endDate || '';
        presence.checked = !!g.physicalPresence;
        rep.load(g.representative);
        company.focus();
      },
      async store() {
        const body = { companyCode: company.value.trim(), jurisdiction: j.value.trim(), number: number.value.trim(), physicalPresence: presence.checked };
        if (type.value) body.type = type.value;
        if (from.value) body.effectiveDate = from.value;
        if (to.value) body.endDate = to.value;
        const representative = rep.value();
        if (representative) body.representative = representative;
        try {
          await call(`${P}/registrations`, writing({ method: 'POST', body }));
          return ['Added registration ', data(body.number), '.'];
        } catch (err) {
          // A registration stored already (one the seller gave up, given
          // the day it ended) is replaced once the user says so, rather
          // than deleted with the record of where the seller had nexus.
          // The creation names the number when the key is taken; the
          // registration is read to be sure it is stored.
          if (err.status !== 400 || !(err.items || []).some((e) => e.target === 'number')) throw err;
          // The number may have two records, a number of identity and a
          // tax registration (IDENTITY_TYPES): the one read and replaced
          // is the one of the type the form says, named by the query,
          // which the question and the status line name too. A type
          // changed in the form so names the number's other record: it
          // is the one replaced when it is stored, and created when not
          // (the creation above is refused only when it is stored).
          const path = `${P}/registrations/${encodeURIComponent(body.jurisdiction)}/${encodeURIComponent(body.number)}`;
          const t = requestedType(body);
          const key = { ...(body.companyCode ? { company: body.companyCode } : {}), type: t };
          let stored;
          try {
            stored = await call(path, reading(key));
          } catch {
            throw err;
          }
          const was = (stored && stored.data && stored.data.registration) || null;
          if (!was) throw err;
          // The replacement is what the form shows, its fiscal
          // representative too: the form shows the stored one (Edit), so
          // that fields left empty say the registration has none. The
          // question says so when the stored registration names one, which
          // the replacement would take away.
          const ending = body.endDate ? `, ending ${body.endDate}` : '';
          const retyped = (was.type || '') !== (body.type || '') ? `, of type ${body.type || 'none'} in place of ${was.type || 'none'}` : '';
          const dropping = was.representative && !representative
            ? `, taking away its fiscal representative ${was.representative.name} (${was.representative.number})` : '';
          if (!window.confirm(`Registration ${was.number} in ${jurisdictionInput(was.jurisdiction)}, ${registrationKind(t)}${was.type ? ` (${was.type})` : ''}, is stored already. `
            + `Replace it with what the form says${retyped}${ending}${dropping}?`)) throw err;
          await call(path, writing({ method: 'PUT', body, query: key }));
          return ['Replaced registration ', data(body.number), `, ${registrationKind(t)}`, ...(body.type ? [' (', data(body.type), ')'] : []),
            `${ending}${dropping ? ', without a fiscal representative' : ''}.`];
        }
      },
    };
  },
});

// products is the page of the tenant's product codes.
export const products = recordPage({
  title: 'Products',
  box: 'prof-products',
  label: 'Products',
  heading: 'Product codes',
  note: 'A line whose product has a code but no class takes its class from here, before the TIC and HS crosswalks that Levy ships.',
  filter: { id: 'prof-prod-filter', label: 'Code type', param: 'codeType', input: { id: 'prof-prod-type-filter', placeholder: 'SKU, TIC, HS' } },
  path: 'products',
  noun: 'product codes',
  columns: ['Code type', 'Code', 'Class'],
  cells: (p) => [p.codeType, h('code', {}, p.code), p.class],
  keyPath: (p) => [p.codeType, p.code],
  deleteLabel: (p) => `Delete ${p.codeType} ${p.code}`,
  deleteQuestion: (p) => `Delete the mapping of ${p.codeType} ${p.code}?`,
  deleted: (p) => ['Deleted the mapping of ', data(p.codeType), ' ', data(p.code), '.'],
  form() {
    const t = h('input', { id: 'prof-prod-type', placeholder: 'SKU' });
    const code = h('input', { id: 'prof-prod-code', required: true });
    const cls = h('input', { id: 'prof-prod-class', required: true });
    return {
      id: 'prof-prod-form',
      button: 'Map the code',
      fields: [field('Code type', t), field('Code', code), field('Levy class', cls)],
      async store() {
        await call(`${P}/products`, writing({ method: 'POST', body: { codeType: t.value.trim(), code: code.value.trim(), class: cls.value.trim() } }));
        const done = ['Mapped ', data(code.value.trim()), ' to ', data(cls.value.trim()), '.'];
        code.value = '';
        return done;
      },
    };
  },
});

// feeCurrency says the currency of a fee's amount per line: its own, or,
// for a fee stored without one, the rule it follows (US dollars in the
// US, the document's currency elsewhere); a fee of a rate has none.
function feeCurrency(f) {
  if (f.amount === undefined || f.amount === null) return '';
  if (f.currency) return h('span', { class: 'fee-currency' }, f.currency);
  return h('span', { class: 'fee-currency note' }, "none given: USD in the US, else the document's");
}

// franchises is the page of the tenant's franchise area fees, which
// replace the server's fees of their areas in the tenant's calculations.
export const franchises = recordPage({
  title: 'Franchise fees',
  box: 'prof-franchises',
  label: 'Franchise fees',
  heading: 'Franchise area fees',
  note: "A line whose franchiseAreaId names an area here bears these fees in place of the server's fees of that area.",
  filter: { id: 'prof-fr-filter', label: 'Area', param: 'area', input: { id: 'prof-fr-area-filter', placeholder: 'CHI-CABLE-1' } },
  path: 'franchises',
  noun: 'franchise fees',
  columns: ['Area', 'Fee', 'Grantor', 'Rate', 'Per line', 'Currency', 'From', 'To', 'Source'],
  cells: (f) => [h('code', {}, f.areaId), f.name, f.jurisdiction || '', f.rate || '', f.amount || '', feeCurrency(f),
    f.effectiveDate || '', f.expirationDate || '', f.source || ''],
  keyPath: (f) => [f.areaId, f.name],
  deleteLabel: (f) => `Delete ${f.areaId} ${f.name}`,
  deleteQuestion: (f) => `Delete ${f.name} of ${f.areaId}?`,
  deleted: (f) => ['Deleted ', data(f.name), ' of ', data(f.areaId), '.'],
  form() {
    const area = h('input', { id: 'prof-fr-area', required: true });
    const name = h('input', { id: 'prof-fr-name', required: true });
    const grantor = h('input', { id: 'prof-fr-grantor', placeholder: 'US-1714000' });
    const basis = select({ id: 'prof-fr-basis' }, [['revenue', 'Rate of the amount'], ['per-line', 'Amount per line']], 'revenue');
    const value = h('input', { id: 'prof-fr-value', required: true, placeholder: '0.05' });
    const currency = h('input', { id: 'prof-fr-currency', placeholder: 'USD', title: 'the ISO 4217 code of an amount per line' });
    const from = h('input', { id: 'prof-fr-from', type: 'date' });
    const to = h('input', { id: 'prof-fr-to', type: 'date' });
    const source = h('input', { id: 'prof-fr-source' });
    return {
      id: 'prof-fr-form',
      button: 'Store the fee',
      fields: [field('Area', area), field('Fee name', name), field('Grantor', grantor), field('Basis', basis), field('Rate or amount', value),
        field('Currency (per line)', currency), field('From', from), field('To', to), field('Source', source)],
      async store() {
        const body = { areaId: area.value.trim(), name: name.value.trim() };
        if (grantor.value.trim()) body.jurisdiction = grantor.value.trim();
        if (basis.value === 'per-line') {
          body.perLine = true;
          body.amount = value.value.trim();
        } else {
          body.rate = value.value.trim();
        }
        // A currency given with a rate goes too, and the API refuses it
        // naming the field, rather than being dropped without a word.
        if (currency.value.trim()) body.currency = currency.value.trim();
        if (from.value) body.effectiveDate = from.value;
        if (to.value) body.expirationDate = to.value;
        if (source.value.trim()) body.source = source.value.trim();
        // A fee is stored whole by its key, new or in place of the stored one.
        await call(`${P}/franchises/${encodeURIComponent(body.areaId)}/${encodeURIComponent(body.name)}`, writing({ method: 'PUT', body }));
        return ['Stored ', data(body.name), ' of ', data(body.areaId), '.'];
      },
    };
  },
});

// The e-invoicing page: documents with their status timeline, the
// problems that refused them or the warnings they went on with, the
// webhook connections, and (with an admin token) the dead letters of
// the webhook deliveries, which may be sent again.

import { add, data, field, fill, h, pretty, statusPill, table, when } from './dom.js';
import { call, session } from './session.js';

// The documents this tab submitted or opened: the API lists none, so the
// console remembers their IDs (not secret) in the tab's sessionStorage,
// which no other tab reads, with the tenant they are of (else the
// client ID the sign-in named). The list is of that tenant only: another
// tenant signed in next in the tab neither sees nor asks for its IDs,
// and the sign-out forgets it (forgetDocuments); the same tenant signed
// in again after its token expired finds it as it was.
const DOCS = 'levy.console.documents';

// owner names whose documents the list may hold: the session's tenant.
function owner() {
  const s = session() || {};
  return s.tenant ? `tenant ${s.tenant}` : `client ${s.clientId || ''}`;
}

// knownDocuments returns the IDs of the session's tenant, newest first.
function knownDocuments() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(DOCS) || 'null');
    return kept && kept.owner === owner() && Array.isArray(kept.ids) ? kept.ids : [];
  } catch {
    return [];
  }
}

// remember puts id first in the list, which keeps the last 50.
function remember(id) {
  const ids = knownDocuments().filter((x) => x !== id);
  ids.unshift(id);
  sessionStorage.setItem(DOCS, JSON.stringify({ owner: owner(), ids: ids.slice(0, 50) }));
}

// forgetDocuments forgets the list, as a sign-out forgets the tokens.
export function forgetDocuments() {
  sessionStorage.removeItem(DOCS);
}

// randomSecret makes a webhook secret of 48 random bytes, in base64.
function randomSecret() {
  const b = new Uint8Array(48);
  crypto.getRandomValues(b);
  return btoa(String.fromCharCode(...b));
}

// STAGES says in words the stage at which a document was refused.
const STAGES = { 'pre-processing': 'Refused before delivery (Processing Issue)', delivery: 'The delivery failed (Error)' };

// problems is the table of a document's problems: the rule each broke,
// its flag, the element it is about and what is wrong; none, no table.
function problems(list) {
  if (!list || !list.length) return null;
  return table(null, ['Rule', 'Flag', 'Where', 'What'], list.map((p) => [h('code', {}, p.code), p.flag || 'fatal',
    p.location ? h('code', {}, p.location) : '', p.message]), () => ({ class: 'einv-problem' }));
}

// render draws the page in root.
export function render(root, { status, fail, admin }) {
  const docsBox = h('section', { id: 'einv-documents', 'aria-label': 'Documents' });
  const detail = h('section', { id: 'einv-detail', 'aria-live': 'polite', 'aria-label': 'Document' });
  const hooksBox = h('section', { id: 'einv-webhooks', 'aria-label': 'Webhook connections' });
  const deadBox = h('section', { id: 'einv-dead', 'aria-label': 'Dead letters' });

  const xml = h('textarea', { id: 'einv-xml', spellcheck: 'false', placeholder: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">…' });
  const file = h('input', { type: 'file', id: 'einv-file', accept: '.xml,application/xml,text/xml' });
  // A file is read as UTF-8, which alone the API takes, and one that is
  // not (Latin-1 without a declaration, UTF-16) is refused naming it:
  // read as text leniently, each of its bad bytes became U+FFFD, and the
  // document went in with its names so spoilt.
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) return;
    try {
      xml.value = new TextDecoder('utf-8', { fatal: true }).decode(await f.arrayBuffer());
      status('');
    } catch {
      xml.value = '';
      file.value = '';
      fail(new Error(`${f.name} is not UTF-8 text, which the e-invoicing API takes alone: save it as UTF-8 and read it again`));
    }
  });
  const submit = h('form', { class: 'card', id: 'einv-submit' }, h('h2', {}, 'Submit a document'),
    field('UBL 2.1 invoice or credit note (XML)', xml), field('Or read a file', file),
    h('button', { type: 'submit' }, 'Submit'));
  const openId = h('input', { id: 'einv-open-id', spellcheck: 'false' });
  const open = h('form', { class: 'row', id: 'einv-open' }, field('Document ID', openId), h('button', { type: 'submit', class: 'secondary' }, 'Open'));

  add(root, h('div', { class: 'grid2' }, submit, h('div', { class: 'card' }, h('h2', {}, 'Documents'), open, docsBox)),
    detail, hooksBox, deadBox);

  const showDocument = (d) => {
    fill(detail, h('div', { class: 'card' },
      h('h2', {}, `Document ${d.documentId} `, statusPill(d.status)),
      h('p', {}, d.documentType || 'Not read yet', ' ', data(d.documentNumber), d.issueDate ? `, issued ${d.issueDate}` : '',
        d.payableAmount ? `, payable ${d.payableAmount} ${d.currency || ''}` : '', `, received ${when(d.transmissionDateTime)}.`),
      h('h3', {}, 'Status timeline'),
      h('ol', { class: 'timeline', id: 'einv-timeline' }, (d.history || []).map((t) => h('li', {}, statusPill(t.status), ' ', when(t.at)))),
      d.errorDetail ? h('div', { id: 'einv-error' }, h('h3', {}, 'Error detail'),
        h('p', { class: 'error' }, `${STAGES[d.errorDetail.stage] || d.errorDetail.stage || 'Refused'}: ${d.errorDetail.message || ''}`),
        problems(d.errorDetail.errors)) : null,
      d.warnings && d.warnings.length ? h('div', { id: 'einv-warnings' },
        h('h3', {}, `${d.warnings.length} warning${d.warnings.length === 1 ? '' : 's'}`),
        h('p', { class: 'note' }, 'Rules flagged warning, which do not refuse a document: it went on all the same.'), problems(d.warnings)) : null,
      d.delivery ? h('p', {}, `Delivered by ${d.delivery.transmitter} as ${d.delivery.reference} at ${when(d.delivery.at)}.`) : null,
      d.endpoints ? [h('h3', {}, 'Endpoints'), h('pre', {}, pretty(d.endpoints))] : null));
  };

  const openDocument = async (id) => {
    try {
      const answer = await call(`/einvoicing/v1/documents/${encodeURIComponent(id)}`);
      remember(id);
      showDocument(answer.data);
      await listDocuments();
    } catch (err) {
      fail(err);
    }
  };

  const listDocuments = async () => {
    const ids = knownDocuments();
    if (!ids.length) {
      fill(docsBox, h('p', { class: 'note' }, 'The documents you submit or open in this tab are listed here.'));
      return;
    }
    const docs = await Promise.all(ids.map((id) => call(`/einvoicing/v1/documents/${encodeURIComponent(id)}`).then((a) => a.data, () => null)));
    fill(docsBox, table(null, ['Document', 'Number', 'Status', 'Received'],
      docs.filter(Boolean).map((d) => [h('button', { type: 'button', class: 'linkish', onclick: () => showDocument(d) }, d.documentId),
        d.documentNumber || '', statusPill(d.status), when(d.transmissionDateTime)])));
  };

  submit.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    status('Submitting…');
    try {
      const answer = await call('/einvoicing/v1/documents', { body: xml.value, contentType: 'application/xml' });
      remember(answer.data.documentId);
      showDocument(answer.data);
      await listDocuments();
      status(['Submitted as ', data(answer.data.documentId), `: ${answer.data.status}.`]);
    } catch (err) {
      fail(err);
    }
  });
  open.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (openId.value.trim()) openDocument(openId.value.trim());
  });

  // Webhook connections.
  const target = h('input', { id: 'einv-target', type: 'url', required: true, placeholder: 'https://example.com/levy-events' });
  const secret = h('input', { id: 'einv-secret', required: true, minlength: 32, spellcheck: 'false', autocomplete: 'off' });
  const events = h('input', { id: 'einv-events', value: 'all' });
  const meta = h('input', { id: 'einv-meta', type: 'checkbox' });
  const hookForm = h('form', { class: 'card', id: 'einv-hook-form' }, h('h3', {}, 'New connection'),
    h('div', { class: 'row' }, field('Target URL', target),
      field('Secret (at least 32 bytes; shown only here)', secret),
      h('button', { type: 'button', class: 'secondary', onclick: () => { secret.value = randomSecret(); } }, 'Generate a secret'),
      field('Events ("all" or statuses separated by commas)', events),
      h('div', { class: 'field' }, h('label', { for: 'einv-meta' }, meta, ' Include metadata')),
      h('button', { type: 'submit' }, 'Create')));
  const listHooks = async () => {
    try {
      const answer = await call('/einvoicing/v1/webhooks');
      const hooks = answer.data || [];
      fill(hooksBox, h('h2', {}, 'Webhook connections'),
        hooks.length ? table(null, ['Connection', 'Target', 'Events', 'Metadata', 'Created', ''],
          hooks.map((c) => [h('code', {}, c.webhookId), c.targetUrl, Array.isArray(c.events) ? c.events.join(', ') : String(c.events),
            c.includeMetadata ? 'yes' : 'no', when(c.createdAt),
            h('button', {
              type: 'button', class: 'danger', 'aria-label': `Delete connection ${c.webhookId}`,
              onclick: async () => {
                if (!window.confirm(`Delete the connection to ${c.targetUrl} and its waiting events?`)) return;
                try {
                  await call(`/einvoicing/v1/webhooks/${encodeURIComponent(c.webhookId)}`, { method: 'DELETE' });
                  status(`Deleted ${c.webhookId}.`);
                  listHooks();
                } catch (err) {
                  fail(err);
                }
              },
            }, 'Delete')]))
          : h('p', { class: 'note' }, 'No connection.'),
        hookForm);
    } catch (err) {
      fill(hooksBox, h('h2', {}, 'Webhook connections'), h('p', { class: 'error' }, err.message));
    }
  };
  hookForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const ev2 = events.value.trim();
    const body = { targetUrl: target.value.trim(), secretKey: secret.value, events: ev2 === 'all' ? 'all' : ev2.split(',').map((s) => s.trim()).filter(Boolean) };
    if (meta.checked) body.includeMetadata = true;
    try {
      const answer = await call('/einvoicing/v1/webhooks', { body });
      secret.value = '';
      status(`Created connection ${answer.data.webhookId}; keep its secret, it is not shown again.`);
      listHooks();
    } catch (err) {
      fail(err);
    }
  });

  // Dead letters, an operator's list.
  const tenant = h('input', { id: 'einv-dead-tenant', placeholder: 'every tenant' });
  // The filter stays on the page whatever the list's answer: a refused
  // one (another tenant named by a tenant's admin) shows its error below
  // the filter and what was typed in it.
  const deadFilter = h('form', { class: 'row' }, field('Tenant', tenant), h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
  const listDead = async () => {
    fill(deadBox, h('h2', {}, 'Deliveries given up (dead letters)'));
    if (!admin) {
      add(deadBox, h('p', { class: 'note' }, 'The dead-letter list and its replay need an admin credential.'));
      return;
    }
    add(deadBox, deadFilter);
    try {
      const query = tenant.value.trim() ? { tenant: tenant.value.trim() } : undefined;
      const answer = await call('/admin/v1/einvoicing/dead-letters', { admin: true, query });
      const dead = answer.data || [];
      add(deadBox,
        dead.length ? table(null, ['Event', 'Tenant', 'Connection', 'Document', 'Status', { label: 'Attempts', num: true }, 'Last error', 'Given up', ''],
          dead.map((d) => [h('code', {}, d.eventId), d.tenantId, h('code', {}, d.webhookId), h('code', {}, d.documentId), d.status,
            String(d.attempts), d.lastError || '', when(d.deadAt),
            h('button', {
              type: 'button', class: 'replay', 'data-event': d.eventId, 'aria-label': `Replay event ${d.eventId}`,
              onclick: async () => {
                try {
                  await call(`/admin/v1/einvoicing/dead-letters/${encodeURIComponent(d.eventId)}/replay`, { method: 'POST', admin: true });
                  status(`Event ${d.eventId} is queued again with the same Idempotency-Key.`);
                  listDead();
                } catch (err) {
                  fail(err);
                }
              },
            }, 'Replay')]))
          : h('p', { id: 'einv-dead-empty' }, 'No dead letter.'));
    } catch (err) {
      add(deadBox, h('p', { class: 'error' }, err.message));
    }
  };

  deadFilter.addEventListener('submit', (ev) => { ev.preventDefault(); listDead(); });
  listDocuments().catch(fail);
  listHooks();
  listDead();
}

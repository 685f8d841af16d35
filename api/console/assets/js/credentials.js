// The credentials page, for an admin: create, replace the secret of and
// revoke the credentials of the admin's own tenant; for the server's
// operator, those of every tenant, and the signing keys (rotate,
// retire). A new secret is shown once, here, and is not kept anywhere.

import { add, clear, field, fill, h, statusPill, table, when } from './dom.js';
import { call, loadConfig } from './session.js';

// render draws the page in root.
export function render(root, { status, fail, admin, operator }) {
  if (!admin) {
    add(root, h('p', {}, 'This page needs an admin credential: sign in with a credential of the admin audience.'));
    return;
  }
  // A new secret is shown once and goes with the session: a page kept
  // for the sign-in after the session's end (app.js) keeps it not.
  const secretBox = h('section', { id: 'cred-secret', 'aria-live': 'assertive', 'aria-label': 'New secret', 'data-forget': true });
  const listBox = h('section', { id: 'cred-list', 'aria-label': 'Credentials' });
  const keysBox = h('section', { id: 'cred-keys', 'aria-label': 'Signing keys' });
  // An admin creates credentials of its own tenant, which it need not
  // name; the operator names the tenant.
  const tenant = operator ? h('input', { id: 'cred-tenant', required: true, placeholder: 'the tenant' })
    : h('input', { id: 'cred-tenant', placeholder: 'this tenant' });
  const audiences = h('input', { id: 'cred-audiences', required: true });
  const activeNow = h('input', { id: 'cred-active', type: 'checkbox' });
  const form = h('form', { class: 'card', id: 'cred-form' }, h('h2', {}, 'New credential'),
    h('div', { class: 'row' }, field('Tenant', tenant),
      field('Audiences (separated by commas)', audiences),
      h('div', { class: 'field' }, h('label', { for: 'cred-active' }, activeNow, ' Active at once (no activation delay)')),
      h('button', { type: 'submit' }, 'Create')));
  const filter = h('input', { id: 'cred-filter', placeholder: operator ? 'every tenant' : 'this tenant' });
  const filterForm = h('form', { class: 'row' }, field('Tenant', filter), h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
  add(root, secretBox, form, h('div', { class: 'card' }, h('h2', {}, 'Credentials'), filterForm, listBox), keysBox);

  loadConfig().then((cfg) => {
    if (!audiences.value) audiences.value = cfg.audience;
  }, fail);

  const showSecret = (c, what) => {
    const value = h('code', { id: 'cred-secret-value' }, c.client_secret);
    const done = h('button', { type: 'button', onclick: () => { clear(secretBox); status('The secret is gone from the page.'); } }, 'I have stored it');
    fill(secretBox, h('div', { class: 'secret', role: 'alert' },
      h('h2', {}, `${what}: copy the secret now`),
      h('p', {}, 'Client ID ', h('code', { id: 'cred-secret-id' }, c.client_id), ' (tenant ', c.tenant, ', audiences ', c.audiences.join(', '), ')'),
      h('p', {}, 'Secret ', value),
      h('p', { class: 'note' }, 'Levy keeps only a hash of it: it cannot be shown again.'), done));
    done.focus();
  };

  const list = async () => {
    try {
      const query = filter.value.trim() ? { tenant: filter.value.trim() } : undefined;
      const answer = await call('/admin/v1/clients', { admin: true, query });
      const creds = answer.data || [];
      fill(listBox, table(null, ['Client ID', 'Tenant', 'Audiences', 'Created', 'Secret replaced', 'State', ''],
        creds.map((c) => {
          const revoked = !!c.revoked_at;
          return [h('code', {}, c.client_id), c.tenant, c.audiences.join(', '), when(c.created_at), when(c.secret_rotated_at),
            statusPill(revoked ? 'revoked' : 'active'),
            revoked ? '' : h('span', {},
              h('button', {
                type: 'button', class: 'secondary', 'aria-label': `Replace the secret of ${c.client_id}`,
                onclick: async () => {
                  if (!window.confirm(`Replace the secret of ${c.client_id}? The old secret and its tokens stop working.`)) return;
                  try {
                    const a = await call(`/admin/v1/clients/${encodeURIComponent(c.client_id)}/secret`, { method: 'POST', admin: true });
                    showSecret(a.data, 'Secret replaced');
                    list();
                  } catch (err) {
                    fail(err);
                  }
                },
              }, 'Replace secret'), ' ',
              h('button', {
                type: 'button', class: 'danger', 'aria-label': `Revoke ${c.client_id}`,
                onclick: async () => {
                  if (!window.confirm(`Revoke ${c.client_id}? Its tokens stop working at once.`)) return;
                  try {
                    await call(`/admin/v1/clients/${encodeURIComponent(c.client_id)}`, { method: 'DELETE', admin: true });
                    status(`Revoked ${c.client_id}.`);
                    list();
                  } catch (err) {
                    fail(err);
                  }
                },
              }, 'Revoke'))];
        })));
    } catch (err) {
      fill(listBox, h('p', { class: 'error' }, err.message));
    }
  };

  const keys = async () => {
    if (!operator) {
      fill(keysBox, h('p', { class: 'note' }, 'The signing keys, which every tenant shares, are managed by the server\'s operator.'));
      return;
    }
    try {
      const answer = await call('/admin/v1/keys', { operator: true });
      const rotate = h('button', {
        type: 'button', id: 'cred-rotate-key',
        onclick: async () => {
          if (!window.confirm('Start signing with a new key? The current one keeps verifying its tokens for one token lifetime.')) return;
          try {
            const a = await call('/admin/v1/keys', { method: 'POST', operator: true });
            status(`Key ${a.data.kid} signs new tokens now.`);
            keys();
          } catch (err) {
            fail(err);
          }
        },
      }, 'Rotate the signing key');
      fill(keysBox, h('div', { class: 'card' }, h('h2', {}, 'Signing keys'),
        table(null, ['Key', 'Created', 'Current', 'Superseded', 'Retires', ''],
          (answer.data || []).map((k) => [h('code', {}, k.kid), when(k.created_at), k.current ? 'yes' : 'no', when(k.superseded_at), when(k.retires_at),
            k.current ? '' : h('button', {
              type: 'button', class: 'danger', 'aria-label': `Retire key ${k.kid}`,
              onclick: async () => {
                if (!window.confirm(`Retire ${k.kid} now? Tokens it signed stop verifying.`)) return;
                try {
                  await call(`/admin/v1/keys/${encodeURIComponent(k.kid)}`, { method: 'DELETE', operator: true });
                  keys();
                } catch (err) {
                  fail(err);
                }
              },
            }, 'Retire')])),
        rotate));
    } catch (err) {
      fill(keysBox, h('p', { class: 'error' }, err.message));
    }
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const body = { audiences: audiences.value.split(',').map((s) => s.trim()).filter(Boolean) };
      if (tenant.value.trim()) body.tenant = tenant.value.trim();
      if (activeNow.checked) body.activeNow = true;
      const a = await call('/admin/v1/clients', { body, admin: true });
      showSecret(a.data, 'Credential created');
      list();
    } catch (err) {
      fail(err);
    }
  });
  filterForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    list();
  });
  list();
  keys();
}

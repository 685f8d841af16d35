// The console's shell: sign-in, navigation between the pages (by the
// URL's fragment, #/map), and the status line.

import { clear, h } from './dom.js';
import { isAdmin, isOperator, loadConfig, session, signIn, signOut, whenExpired } from './session.js';
import * as playground from './playground.js';
import * as map from './map.js';
import * as journal from './journal.js';
import * as einvoicing from './einvoicing.js';
import * as credentials from './credentials.js';
import { customers, registrations, products, franchises } from './profile.js';
import * as nexus from './nexus.js';

const pages = { playground, map, journal, nexus, einvoicing, customers, registrations, products, franchises, credentials };
const titles = {
  playground: 'Calculation', map: 'Tax areas', journal: 'Journal', nexus: 'Where must I register?', einvoicing: 'E-invoicing',
  customers: 'Customers', registrations: 'Registrations', products: 'Products', franchises: 'Franchise fees', credentials: 'Credentials',
};

const $ = (id) => document.getElementById(id);
let cleanup = null;

// status writes a message to the status line, which screen readers
// announce.
function status(msg) {
  $('status').textContent = msg || '';
}

// fail shows an error in the status line.
function fail(err) {
  status(`Error: ${err.message || err}`);
}

// showSignIn shows the sign-in form and hides the pages.
function showSignIn(message) {
  if (cleanup) cleanup();
  cleanup = null;
  clear($('page'));
  $('signin').hidden = false;
  $('nav').hidden = true;
  $('who').hidden = true;
  $('signout').hidden = true;
  $('signin-error').textContent = message || '';
  document.title = 'Sign in · Levy console';
  // The client ID takes the focus unless the form has it: a person who
  // began to type before the page was ready would otherwise see the
  // rest of the secret go into the client ID, in clear.
  if (!$('signin-form').contains(document.activeElement)) $('client-id').focus();
}

// route renders the page the fragment names.
function route() {
  const s = session();
  if (!s) {
    showSignIn();
    return;
  }
  $('signin').hidden = true;
  $('nav').hidden = false;
  $('who').hidden = false;
  $('signout').hidden = false;
  const kinds = [s.console ? 'console' : null, s.admin ? 'admin' : null, s.operator ? 'operator' : null].filter(Boolean).join(', ');
  $('who').textContent = s.tenant ? `tenant ${s.tenant} (${kinds})` : `client ${s.clientId} (${kinds})`;
  $('who').title = `client ID ${s.clientId}`;
  for (const a of document.querySelectorAll('#nav a[data-admin]')) a.hidden = !isAdmin();
  let name = (location.hash.match(/^#\/([a-z]+)/) || [])[1];
  if (!pages[name]) name = s.console ? 'playground' : 'credentials';
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.page === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (cleanup) cleanup();
  const root = clear($('page'));
  root.append(h('h1', {}, titles[name]));
  document.title = `${titles[name]} · Levy console`;
  status('');
  try {
    cleanup = pages[name].render(root, { status, fail, admin: isAdmin(), operator: isOperator() }) || null;
  } catch (err) {
    fail(err);
  }
}

// start hooks the sign-in form and the navigation, shows the page, and
// then fills in the audiences of the sign-in's text from the settings.
// Nothing waits for the settings: a sign-in sent before they come waits
// for them itself (signIn), whereas a form not hooked yet would be sent
// by the browser as HTML does, the secret in the URL.
function start() {
  const form = $('signin-form');
  const button = form.querySelector('button[type=submit]');
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    $('signin-error').textContent = '';
    try {
      await signIn($('client-id').value.trim(), $('client-secret').value);
      $('client-secret').value = '';
      route();
      $('main').focus();
    } catch (err) {
      $('signin-error').textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
  // The page's HTML has the button disabled until this handler is on.
  button.disabled = false;
  $('signout').addEventListener('click', () => {
    signOut();
    status('Signed out.');
    showSignIn();
  });
  // The skip link moves the focus to the page and leaves the fragment,
  // which names the console's page: followed as a link, its #main named
  // none, and the calculation page was drawn in place of the page shown.
  document.querySelector('a.skip').addEventListener('click', (ev) => {
    ev.preventDefault();
    $('main').focus();
  });
  whenExpired(() => showSignIn('The session ended (its token expired or was revoked): sign in again.'));
  window.addEventListener('hashchange', route);
  route();
  loadConfig().then((cfg) => {
    $('aud-console').textContent = cfg.audience;
    $('aud-admin').textContent = cfg.adminAudience;
    $('aud-operator').textContent = cfg.operatorAudience;
  }, fail);
}

start();

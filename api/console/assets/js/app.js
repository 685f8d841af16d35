// The console's shell: sign-in, navigation between the pages (by the
// URL's fragment, #/map), and the status line.

import { clear, fill, h } from './dom.js';
import { isAdmin, isOperator, lapsed, loadConfig, session, signIn, signOut, whenExpired } from './session.js';
import * as playground from './playground.js';
import * as map from './map.js';
import * as journal from './journal.js';
import * as einvoicing from './einvoicing.js';
import { forgetDocuments } from './einvoicing.js';
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

// drawn is whose page is on the screen and which it is: the client ID
// and tenant of the session that drew it, and the fragment.
let drawn = null;

// kept is the page that the end of its session (a token expired or
// revoked, answered 401) left on hold, hidden rather than cleared, with
// what the user typed in its forms: the same credential signed in again
// gets it back as it was (resume); anything else draws a page anew.
let kept = null;

// showing counts the pages drawn: a page's status and fail write to the
// status line only while it is the page drawn last (ownStatus). The
// late answer of a page discarded since (the user went to another page,
// or signed out and in again) wrote its message over the page shown.
let showing = 0;

// status writes a message to the status line, which screen readers
// announce: a string, or the parts of a sentence (strings and nodes, such
// as dom.data's of a value of the user's data).
function status(msg) {
  fill($('status'), msg || '');
}

// fail shows an error in the status line.
function fail(err) {
  status(`Error: ${err.message || err}`);
}

// ownStatus returns the status and fail of the page drawn now: once
// another page is drawn, or none, they do nothing.
function ownStatus() {
  const mine = showing;
  const own = (fn) => (...args) => {
    if (mine === showing) fn(...args);
  };
  return { status: own(status), fail: own(fail) };
}

// discard clears the page on the screen or on hold.
function discard() {
  showing += 1;
  if (cleanup) cleanup();
  cleanup = null;
  kept = null;
  drawn = null;
  clear($('page'));
  $('page').hidden = false;
}

// showSignIn shows the sign-in form and hides the pages. With hold (the
// session ended under the user), the page is kept, hidden, for the same
// credential's sign-in (kept); without it, as on sign-out, it goes.
// What a page marks data-forget (a new secret shown once) goes in any
// case.
function showSignIn(message, hold) {
  if (hold && drawn && !kept) {
    kept = drawn;
    $('page').hidden = true;
    for (const el of $('page').querySelectorAll('[data-forget]')) clear(el);
  } else if (!hold || !kept) {
    discard();
  }
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

// showHeader shows the navigation and who the session s is.
function showHeader(s) {
  $('signin').hidden = true;
  $('nav').hidden = false;
  $('who').hidden = false;
  $('signout').hidden = false;
  const kinds = [s.console ? 'console' : null, s.admin ? 'admin' : null, s.operator ? 'operator' : null].filter(Boolean).join(', ');
  $('who').textContent = s.tenant ? `tenant ${s.tenant} (${kinds})` : `client ${s.clientId} (${kinds})`;
  $('who').title = `client ID ${s.clientId}`;
  for (const a of document.querySelectorAll('#nav a[data-admin]')) a.hidden = !isAdmin();
}

// resume shows again the page kept when the session s, just signed in,
// is of the credential whose session ended on it, and the fragment still
// names it; it reports whether it did. The form the end of the session
// refused holds what was typed, to be sent again.
function resume(s) {
  const k = kept;
  kept = null;
  if (!k || k.clientId !== s.clientId || k.tenant !== s.tenant || k.hash !== location.hash) return false;
  showHeader(s);
  $('page').hidden = false;
  drawn = k;
  document.title = k.title;
  status('Signed in again: the page is as you left it. Send again what the end of the session refused.');
  return true;
}

// route renders the page the fragment names.
function route() {
  const s = session();
  if (!s) {
    // A session whose tokens expired while no call was made (the user
    // went to another page, or opened the console again): the sign-in
    // says so, and the status line keeps nothing of the page left. The
    // sign-in came up without a word, under the last page's message
    // ("Error: … (jurisdiction)").
    const ended = lapsed();
    if (ended) signOut();
    status('');
    showSignIn(ended ? 'The session ended (its token expired): sign in again.' : '');
    return;
  }
  showHeader(s);
  let name = (location.hash.match(/^#\/([a-z]+)/) || [])[1];
  if (!pages[name]) name = s.console ? 'playground' : 'credentials';
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.page === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  discard();
  drawn = { clientId: s.clientId, tenant: s.tenant, hash: location.hash, title: `${titles[name]} · Levy console` };
  const root = $('page');
  root.append(h('h1', {}, titles[name]));
  document.title = drawn.title;
  status('');
  const own = ownStatus();
  try {
    cleanup = pages[name].render(root, { ...own, admin: isAdmin(), operator: isOperator() }) || null;
  } catch (err) {
    fail(err);
  }
}

// whitespaceOf says that a value typed (what: 'client ID', 'secret')
// begins or ends with whitespace, such as the space a copy from a mail
// or a terminal takes along, or "". No Levy client ID or secret holds
// any; both are sent as typed all the same, as the server takes them
// (it names such whitespace in its refusal, and trims none), so that
// the user, not the console, decides what they are.
function whitespaceOf(what, value) {
  const ends = [/^\s/.test(value) ? 'begins' : '', /\s$/.test(value) ? 'ends' : ''].filter(Boolean);
  return ends.length ? `The ${what} typed ${ends.join(' and ')} with whitespace (a space or a tab), which no Levy ${what} holds: `
    + 'remove it if it came with the paste' : '';
}

// secretHint shows under the secret, while it is typed, whether it begins
// or ends with whitespace, which the password field does not show.
function secretHint() {
  $('client-secret-hint').textContent = whitespaceOf('secret', $('client-secret').value);
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
      const s = await signIn($('client-id').value, $('client-secret').value);
      $('client-secret').value = '';
      secretHint();
      if (!resume(s)) route();
      $('main').focus();
    } catch (err) {
      // The server names whitespace at the ends of the client ID and the
      // secret in its refusal of the credential; a refusal that does not
      // (too many tries) says it here.
      const hint = [whitespaceOf('client ID', $('client-id').value), whitespaceOf('secret', $('client-secret').value)]
        .filter(Boolean).join('. ');
      $('signin-error').textContent = hint && !/whitespace/.test(err.message) ? `${err.message}. ${hint}` : err.message;
    } finally {
      button.disabled = false;
    }
  });
  // The page's HTML has the button disabled until this handler is on.
  button.disabled = false;
  $('client-secret').addEventListener('input', secretHint);
  $('signout').addEventListener('click', () => {
    signOut();
    forgetDocuments();
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
  whenExpired(() => showSignIn('The session ended (its token expired or was revoked): sign in again. '
    + 'The page is kept: signed in again with the same credential, you find it as you left it.', true));
  window.addEventListener('hashchange', route);
  route();
  loadConfig().then((cfg) => {
    $('aud-console').textContent = cfg.audience;
    $('aud-admin').textContent = cfg.adminAudience;
    $('aud-operator').textContent = cfg.operatorAudience;
  }, fail);
}

start();

// The console's session: the tokens it got at sign-in, kept in this
// tab's sessionStorage only (never the secret), and the calls to the API
// with them.

const KEY = 'levy.console.session';

let config = null;
let configLoading = null;
let onExpired = () => {};

// Decimal is a number of an answer as the API wrote it: amounts and rates
// keep their digits ("0.50", not 0.5) when shown, and still compute as
// numbers.
class Decimal {
  constructor(source) {
    this.source = source;
  }

  toString() {
    return this.source;
  }

  valueOf() {
    return Number(this.source);
  }

  toJSON() {
    return JSON.rawJSON ? JSON.rawJSON(this.source) : Number(this.source);
  }
}

// exact is the reviver of JSON.parse that keeps the text of decimal
// numbers (where the browser gives revivers the source text).
function exact(key, value, context) {
  if (typeof value === 'number' && context && typeof context.source === 'string' && /[.eE]/.test(context.source)) {
    return new Decimal(context.source);
  }
  return value;
}

// SAID is how many of a refusal's error items its message says; it
// counts the rest.
const SAID = 5;

// ApiError is a refused call: its status and the API's error items. Its
// message says every item (the first SAID, and how many more), each
// with its target: a request refused for two fields names both.
export class ApiError extends Error {
  constructor(status, items) {
    const list = items || [];
    const said = list.slice(0, SAID).map((e) => `${e.message}${e.target ? ` (${e.target})` : ''}`);
    if (list.length > SAID) said.push(`and ${list.length - SAID} more`);
    super(said.length ? said.join('; ') : `the server answered ${status}`);
    this.status = status;
    this.items = items || [];
  }
}

// loadConfig reads the console's settings: the token path and audiences.
// The callers while they load share one request; one that failed is
// asked again by the next caller.
export function loadConfig() {
  if (!configLoading) {
    configLoading = (async () => {
      const resp = await fetch('/console/api/config');
      if (!resp.ok) throw new Error(`the console's settings did not load (${resp.status})`);
      config = (await resp.json()).data;
      return config;
    })();
    configLoading.catch(() => {
      configLoading = null;
    });
  }
  return configLoading;
}

// stored returns the session as the sign-in stored it, every token it
// got included, expired or not; null when there is none.
function stored() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch {
    return null;
  }
}

// session returns the stored session, without the tokens that expired.
export function session() {
  const s = stored();
  if (!s) return null;
  const now = Date.now();
  for (const k of ['console', 'admin', 'operator']) {
    if (s[k] && s[k].expiresAt <= now) delete s[k];
  }
  return s.console || s.admin || s.operator ? s : null;
}

// lapsed reports whether the tab holds a session whose tokens have all
// expired: one signed in that ended without a sign-out.
export function lapsed() {
  return !!stored() && !session();
}

// isAdmin reports whether the session may use the admin routes: its
// sign-in got a token of its tenant's admin or of the server's
// operator. The tokens of one sign-in come from the caching endpoint,
// each audience's from its own cache entry, and the admin one may
// expire before the console one: the session stays an admin's, and a
// call that needs the token that expired ends it (call), rather than
// the pages taking the admin for a reader.
export function isAdmin() {
  const s = session() && stored();
  return !!(s && (s.admin || s.operator));
}

// isOperator reports whether the session's sign-in got a token of the
// server's operator, who alone manages the signing keys and other
// tenants.
export function isOperator() {
  const s = session() && stored();
  return !!(s && s.operator);
}

// signedInFor reports whether the sign-in got a token for a call with
// opts, whether or not it expired since.
function signedInFor(opts) {
  const s = stored();
  if (!s) return false;
  if (opts.operator) return !!s.operator;
  if (opts.admin) return !!(s.admin || s.operator);
  return !!(s.console || s.admin);
}

// whenExpired sets what to do when a token is refused or expires.
export function whenExpired(fn) {
  onExpired = fn;
}

// signOut forgets the tokens.
export function signOut() {
  sessionStorage.removeItem(KEY);
}

// requestToken asks the token endpoint for a token of one audience. It
// returns null when the credential does not have that audience.
async function requestToken(id, secret, audience) {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret, audience });
  const resp = await fetch(config.tokenPath, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  const answer = await resp.json().catch(() => ({}));
  if (resp.ok) {
    return { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in - 5) * 1000 };
  }
  if (answer.error === 'invalid_target') return null;
  throw new Error(answer.error_description || answer.error || `the token endpoint answered ${resp.status}`);
}

// signIn exchanges a client ID and secret for a token of the console
// audience, one of the admin audience and one of the operator's, as far
// as the credential has them; it fails when it has none. The tokens come
// from the caching endpoint (config.tokenPath), which hands back the
// credential's token while it lasts: signing in again, in another tab,
// spends none of the credential's token rate limit. The secret is not
// kept.
export async function signIn(id, secret) {
  await loadConfig();
  const s = { clientId: id };
  const c = await requestToken(id, secret, config.audience);
  if (c) s.console = c;
  const a = await requestToken(id, secret, config.adminAudience);
  if (a) s.admin = a;
  const o = config.operatorAudience ? await requestToken(id, secret, config.operatorAudience) : null;
  if (o) s.operator = o;
  if (!s.console && !s.admin && !s.operator) {
    throw new Error(`this credential has none of the console audience ${config.audience}, the admin audience ${config.adminAudience} and the operator audience ${config.operatorAudience}`);
  }
  // The tenant the tokens act for, which the header shows.
  const t = (s.console || s.admin || {}).token;
  if (t) {
    const resp = await fetch('/console/api/whoami', { headers: { Authorization: `Bearer ${t}` } });
    if (resp.ok) s.tenant = (await resp.json()).data.tenant;
  }
  // The sign-in this session is: a 401 to a request sent in an earlier
  // one (a slow answer, come after the user signed in again) does not
  // end it (call).
  s.signInId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  sessionStorage.setItem(KEY, JSON.stringify(s));
  return s;
}

// signInOf returns the sign-in the stored session is (signIn), or null
// when there is none.
function signInOf() {
  const s = stored();
  return s ? s.signInId || null : null;
}

// tokenFor returns the token for a call: the operator's for the routes
// only the operator may use, the admin one (else the operator's) for
// admin routes, else the console one (or the admin one, which the
// console's own routes accept).
function tokenFor(opts) {
  const s = session();
  if (!s) return null;
  if (opts.operator) return s.operator ? s.operator.token : null;
  if (opts.admin) return (s.admin || s.operator || {}).token || null;
  return (s.console || s.admin || {}).token || null;
}

// call sends a request to the API and returns the parsed JSON answer (or
// the Response itself with raw). opts: method, body (JSON unless a
// string with contentType; a FormData or a Blob goes as it is), query,
// admin, operator, raw, headers.
export async function call(path, opts = {}) {
  const token = tokenFor(opts);
  const ended = !token && signedInFor(opts);
  if (!session() || ended) {
    // Every token of the session expired, or the one this call needs:
    // back to the sign-in.
    signOut();
    onExpired();
  }
  if (ended) throw new ApiError(401, [{ message: 'the session ended (its token expired): sign in again' }]);
  if (!token) {
    const needs = opts.operator ? 'the operator\'s credential' : opts.admin ? 'an admin credential' : 'a console credential';
    throw new ApiError(401, [{ message: `this needs ${needs}` }]);
  }
  const headers = { Authorization: `Bearer ${token}`, ...(opts.headers || {}) };
  let body = opts.body;
  if (body instanceof FormData) {
    // The browser writes the multipart body and its boundary.
  } else if (body instanceof Blob) {
    headers['Content-Type'] = opts.contentType || body.type || 'application/octet-stream';
  } else if (body !== undefined && typeof body !== 'string') {
    body = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  } else if (body !== undefined) {
    headers['Content-Type'] = opts.contentType || 'application/json';
  }
  const url = opts.query ? `${path}?${new URLSearchParams(opts.query)}` : path;
  const sentIn = signInOf();
  const resp = await fetch(url, { method: opts.method || (body === undefined ? 'GET' : 'POST'), headers, body });
  if (resp.status === 401) {
    // The token was refused: the session it was sent in ends, if it is
    // still the one signed in. A request sent before the user signed
    // out, or before a sign-in again, is answered late: the session of
    // now got its own tokens, and goes on.
    if (signInOf() !== sentIn) {
      throw new ApiError(401, [{ message: 'the session this was sent in has ended: send it again' }]);
    }
    signOut();
    onExpired();
  }
  if (opts.raw && resp.ok) return resp;
  const text = await resp.text();
  let answer = null;
  try {
    answer = text ? JSON.parse(text, exact) : null;
  } catch {
    answer = null;
  }
  if (!resp.ok) throw new ApiError(resp.status, answer && answer.errors);
  return answer;
}

// curlOf returns a shell command that sends the same request with a
// token in $TOKEN.
export function curlOf(path, body) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  return [
    `curl -sS ${q(location.origin + path)}`,
    `  -H "Authorization: Bearer $TOKEN"`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary ${q(JSON.stringify(body))}`,
  ].join(' \\\n');
}

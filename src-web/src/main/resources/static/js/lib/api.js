// fetch wrappers for the REST API: JSON in, JSON out, problem+json errors as ApiError.

const TOKEN_KEY = 'f2fs-observatory.api-token';

/** A 4xx/5xx answer: status, the problem document (title, detail, errors [{field, message}], limit). */
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || 'HTTP ' + status);
    this.status = status;
    this.problem = problem || {};
  }

  get errors() {
    return Array.isArray(this.problem.errors) ? this.problem.errors : [];
  }
}

async function problemOf(response) {
  try {
    return await response.json();
  } catch (e) {
    return { title: response.statusText, detail: 'HTTP ' + response.status };
  }
}

export async function getJson(url) {
  const r = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!r.ok) throw new ApiError(r.status, await problemOf(r));
  return r.json();
}

export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: 'Bearer ' + token } : {};
}

/** POST or DELETE with a JSON body; resolves to {status, location, body}, rejects with ApiError. */
export async function sendJson(method, url, body) {
  const headers = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) throw new ApiError(r.status, await problemOf(r));
  return { status: r.status, location: r.headers.get('Location'), body: await r.json() };
}

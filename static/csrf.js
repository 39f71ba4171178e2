/* The page's CSRF token: sent in the X-CSRF-Token header of every request that changes
   something. The server puts it in <meta name="csrf-token">; when it has gone stale (the
   browser's cookies were cleared) a refused request fetches a fresh one and is sent once more. */
"use strict";
const CSRF = {
  token: (document.querySelector('meta[name="csrf-token"]') || {}).content || "",
  headers(extra) { return Object.assign({"X-CSRF-Token": CSRF.token}, extra || {}); },
  async refresh() {
    const resp = await fetch("/api/csrf", {credentials: "same-origin", cache: "no-store"});
    CSRF.token = (await resp.json()).token;
  },
};
async function csrfFetch(url, options) {
  const opts = Object.assign({credentials: "same-origin"}, options || {});
  const send = () => fetch(url, Object.assign({}, opts, {headers: CSRF.headers(opts.headers)}));
  const resp = await send();
  if (resp.status !== 403) return resp;
  let refused = null;
  try { refused = await resp.clone().json(); } catch (e) { refused = null; }
  if (!refused || refused.error !== "csrf") return resp;
  await CSRF.refresh();
  return send();
}

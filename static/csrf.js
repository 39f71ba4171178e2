/* The page's CSRF token: sent in the X-CSRF-Token header of every request that changes
   something. The server puts it in <meta name="csrf-token">; when it has gone stale (the
   browser's cookies were cleared) a refused request fetches a fresh one and is sent once more. */
"use strict";
const CSRF = {
  token: (document.querySelector('meta[name="csrf-token"]') || {}).content || "",
  headers(extra) { return Object.assign({"X-CSRF-Token": CSRF.token}, extra || {}); },
  /* Whether a refusal (its status and JSON body) is the server's "stale token" answer. */
  stale(status, body) { return status === 403 && Boolean(body) && body.error === "csrf"; },
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
  if (!CSRF.stale(resp.status, refused)) return resp;
  await CSRF.refresh();
  return send();
}

/* A form posted with XMLHttpRequest, which (unlike fetch) tells how much of the upload has
   left the phone: onSent(share) is called as it goes, from 0 to 1. Resolves to
   {ok, status, body} with the JSON body parsed (null if there is none); rejects with a
   TypeError when the network fails and an AbortError when `signal` aborts it. A stale CSRF
   token is refreshed and the form sent once more, as csrfFetch does. */
async function csrfUpload(url, form, {signal, onSent} = {}) {
  const once = () => new Promise((resolve, reject) => {
    if (signal && signal.aborted) { reject(new DOMException("aborted", "AbortError")); return; }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-CSRF-Token", CSRF.token);
    if (onSent) xhr.upload.onprogress = (ev) => { if (ev.lengthComputable && ev.total) onSent(ev.loaded / ev.total); };
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch (e) { body = null; }
      resolve({ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, body});
    };
    xhr.onerror = () => reject(new TypeError("network"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    if (signal) signal.addEventListener("abort", () => xhr.abort(), {once: true});
    xhr.send(form);
  });
  const first = await once();
  if (!CSRF.stale(first.status, first.body)) return first;
  await CSRF.refresh();
  return once();
}

/* A photo as it leaves the phone: one larger than the server takes (a 50-200 megapixel camera,
   a PNG, WebP or BMP over its 24 megapixels, or a file over its 20 MB) is made smaller here
   first, as a JPEG whose long side is at most PHOTO_SIDE pixels: as many as the card reader
   ever looks at (it reads at most 3000 pixels across, and one octave finer where indices are
   small). Any other photo, or one the browser cannot open, is sent as it is, and the server
   says what is wrong with it. */
const PHOTO_MAX_PIXELS = 48e6;  // a JPEG (the server decodes it reduced, up to 50 megapixels)
const PHOTO_MAX_PIXELS_OTHER = 23e6;  // any other format (decoded whole: 24 megapixels)
const PHOTO_MAX_BYTES = 18 * 1024 * 1024;
const PHOTO_SIDE = 6000;
/* Whether a file is a JPEG by its first bytes, as the server tells (a file's type may be empty). */
async function isJpeg(file) {
  try {
    const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
    return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  } catch (e) {
    return file.type === "image/jpeg";
  }
}
async function photoForUpload(file) {
  if (!window.createImageBitmap || !/^image\//.test(file.type || "image/")) return file;
  let bitmap;
  try { bitmap = await createImageBitmap(file, {imageOrientation: "from-image"}); } catch (e) { return file; }
  const {width, height} = bitmap;
  const most = (await isJpeg(file)) ? PHOTO_MAX_PIXELS : PHOTO_MAX_PIXELS_OTHER;
  if (width * height <= most && file.size <= PHOTO_MAX_BYTES) { bitmap.close(); return file; }
  const k = Math.min(1, PHOTO_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * k));
  canvas.height = Math.max(1, Math.round(height * k));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
  return blob ? new File([blob], "photo.jpg", {type: "image/jpeg"}) : file;
}

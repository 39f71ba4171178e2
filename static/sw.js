/* Tavolo's service worker: the app's shell (scripts, styles, icons) is kept on the phone, so a
   page opens at once and survives a short Wi-Fi drop. Pages are asked of the network first
   (the newest state) and fall back to the copy kept from the last visit; the API and the live
   stream are never cached: the event log on the server is the truth. The server fills in
   VERSION (a hash of the static files: a new version replaces the old cache) and SHELL. */
"use strict";
const VERSION = "__VERSION__";
const SHELL = __SHELL__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(VERSION).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((r) => keep(request, r))));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((r) => keep(request, r)).catch(() =>
      caches.match(request).then((hit) => hit || caches.match("/"))));
  }
});

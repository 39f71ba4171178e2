/* The host's link: the host's tools on a second device.

   The host opens "The host's tools on another device" and shows its QR code or copies its
   link. The device that opens the link finds the host token in the address's fragment (which
   browsers never send to a server), takes it out of the address at once, and hands it over
   with one POST; the server answers with the host cookie, and the page reloads with the
   host's tools. A wrong or cut-short link says so and changes nothing. A new link (the host
   showed it to the wrong person, or lost a phone) stops the old one: every other device loses
   the host's tools, and this one keeps them. */
"use strict";
(function () {
  const app = document.getElementById("app");
  if (!app) return;
  const tableId = app.dataset.table;

  async function takeHostTools(token) {
    let res;
    try {
      res = await postJSON(`/api/tables/${tableId}/host`, {host_token: token});
    } catch (e) {
      toast(t("host_link_unreachable"));
      return;
    }
    if (res.ok) {
      sessionStorage.setItem("hostLinkTaken", tableId);
      // a player's own phone goes back to its hand (the host's tools are there too)
      if (res.body && res.body.seat !== null && res.body.seat !== undefined) window.location.href = `/play/${tableId}`;
      else window.location.reload();
    } else {
      toast(errorText(res.body));
    }
  }

  // out of the address bar and the history before anything else: a screenshot or a shared
  // address of this page must not carry the token on
  const forgetHash = () => history.replaceState(null, "", window.location.pathname + window.location.search);
  const hash = window.location.hash;
  const claimed = /^#host=(.*)$/.exec(hash);
  if (claimed) {
    forgetHash();
    let token = claimed[1];
    try { token = decodeURIComponent(token); } catch (e) { /* a mangled link: the server says so */ }
    // a link pasted from a message may bring the sentence's full stop or bracket along
    takeHostTools(token.replace(/[^A-Za-z0-9_-]+$/, ""));
  } else if (hash.length > 2 && "#host=".startsWith(hash)) {  // cut inside the marker itself
    forgetHash();
    document.addEventListener("DOMContentLoaded", () => toast(t("host_link_cut")));
  } else if (sessionStorage.getItem("hostLinkTaken") === tableId) {
    sessionStorage.removeItem("hostLinkTaken");
    document.addEventListener("DOMContentLoaded", () => toast(t("host_link_taken")));
  }

  const box = document.getElementById("host-link-box");
  if (!box) return;
  const field = document.getElementById("host-link-url");
  const copy = document.getElementById("host-link-copy");
  const qr = document.getElementById("host-qr");
  box.addEventListener("toggle", async () => {
    if (!box.open || field.value) return;
    const resp = await fetch(`/api/tables/${tableId}/host-link`, {credentials: "same-origin"});
    const body = await resp.json().catch(() => null);
    if (!resp.ok) { toast(errorText(body)); return; }
    field.value = body.url;
    qr.src = `/api/tables/${tableId}/host-qr.svg`;
    qr.alt = t("host_link_qr");
    qr.hidden = false;
    copy.hidden = !(navigator.clipboard && window.isSecureContext);
  });
  // A new link: the old one stops working, and every other device loses the host's tools.
  const renew = document.getElementById("host-link-new");
  renew.addEventListener("click", async () => {
    if (!window.confirm(t("host_link_new_confirm"))) return;
    renew.disabled = true;
    document.dispatchEvent(new CustomEvent("tavolo:live-pause"));
    let res = null;
    try {
      res = await postJSON(`/api/tables/${tableId}/host-link`, {});
    } catch (e) {
      toast(t("network"));
    } finally {
      renew.disabled = false;
      document.dispatchEvent(new CustomEvent("tavolo:live-resume"));
    }
    if (!res) return;
    if (!res.ok) { toast(errorText(res.body)); return; }
    field.value = res.body.url;
    qr.src = `/api/tables/${tableId}/host-qr.svg?made=${Date.now()}`;  // not the old code from the cache
    qr.alt = t("host_link_qr");
    qr.hidden = false;
    toast(t("host_link_new_done"));
  });
  field.addEventListener("focus", () => field.select());
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      toast(t("host_link_copied"));
    } catch (e) {
      field.focus();  // selected: the phone's own menu copies it
    }
  });
})();

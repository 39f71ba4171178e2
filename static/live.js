/* Following a table's event stream, and coming back after any break.

   The browser reconnects an EventSource by itself after a dropped connection, but not after
   an answer that is not a stream (a 503 from a proxy while the server restarts, a 502...):
   then the source is closed for good. Here a closed source is opened again after a pause
   (1 s, doubling up to 15 s, back to 1 s once a stream is open), resuming after the last
   event received (``?after=``), so no update is lost and none is sent twice. A stream the
   server refuses for good (a 4xx: the table is not there, the seat is no longer this phone's)
   is not asked for again: the status says so, and a reload is the way back.

   A page the phone hides (the screen locked, another app in front) lets its stream go, and
   opens it again, resuming, when it is shown: the other phones then see that this one is
   away (the server counts the seats whose phones hold a stream, and says so with
   ``presence`` events: the seats whose phones have the table open). */
"use strict";
const LIVE_FIRST_PAUSE = 1000;
const LIVE_LONGEST_PAUSE = 15000;

/* Follow ``url``'s ``state`` events. ``on.state(view, event)`` for each one; ``on.presence(seats)``
   for each ``presence`` event; ``on.open()`` when a stream is open; ``on.status(key)`` with
   "connected", "reconnecting", "offline" or "gone". Returns ``{stop()}``. */
function followLive(url, on) {
  const handlers = Object.assign({state() {}, presence() {}, open() {}, status() {}}, on || {});
  let source = null;
  let lastId = null;
  let pause = LIVE_FIRST_PAUSE;
  let timer = null;
  let stopped = false;

  function address() {
    if (lastId === null) return url;
    return url + (url.includes("?") ? "&" : "?") + "after=" + encodeURIComponent(lastId);
  }

  function open() {
    timer = null;
    source = null;
    if (stopped || document.hidden) return;  // a hidden page opens its stream once shown
    const here = source = new EventSource(address());
    const current = () => here === source;  // a stream let go meanwhile says nothing more
    here.addEventListener("open", () => {
      if (!current()) return;
      pause = LIVE_FIRST_PAUSE;
      handlers.status("connected");
      handlers.open();
    });
    here.addEventListener("state", (ev) => {
      if (!current()) return;
      if (ev.lastEventId) lastId = ev.lastEventId;
      handlers.status("connected");
      handlers.state(JSON.parse(ev.data), ev);
    });
    here.addEventListener("presence", (ev) => { if (current()) handlers.presence(JSON.parse(ev.data)); });
    here.addEventListener("error", () => {
      if (!current()) return;
      if (here.readyState !== EventSource.CLOSED) {  // the browser is reconnecting by itself
        handlers.status("reconnecting");
        return;
      }
      here.close();
      source = null;
      handlers.status(navigator.onLine === false ? "offline" : "reconnecting");
      refusedForGood().then((yes) => {
        if (!yes) { later(); return; }
        stopped = true;  // the table is gone or this phone may no longer follow it
        handlers.status("gone");
      });
    });
  }

  // Whether the server itself refuses the stream (a 4xx other than "try later"): asking
  // again would never help. Only the answer's status is read; the stream is cut at once.
  async function refusedForGood() {
    const cut = new AbortController();
    try {
      const res = await fetch(address(), {credentials: "same-origin", signal: cut.signal});
      cut.abort();
      return res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    } catch (e) {
      return false;  // no answer at all: the network or the server is down, try again later
    }
  }

  function later() {
    if (stopped || timer !== null) return;
    timer = setTimeout(open, pause);
    pause = Math.min(pause * 2, LIVE_LONGEST_PAUSE);
  }

  // Back on the network while waiting to try again: try now.
  window.addEventListener("online", () => {
    if (timer === null || stopped) return;
    clearTimeout(timer);
    open();
  });

  // Hidden: the stream goes (the server sees the phone away); shown again: it comes back now.
  document.addEventListener("visibilitychange", () => {
    if (stopped) return;
    if (document.hidden) {
      if (timer !== null) { clearTimeout(timer); timer = null; }
      if (source) { source.close(); source = null; }
    } else if (!source && timer === null) {
      handlers.status("reconnecting");
      pause = LIVE_FIRST_PAUSE;
      open();
    }
  });

  open();
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      if (source) source.close();
    },
  };
}

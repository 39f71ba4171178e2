/* The phone as an app: the service worker (the shell kept on the phone), the screen kept
   awake during a game, and the signals that it is your turn: a vibration, an optional
   sound, and the page's title (table.js marks it). */
"use strict";
(function () {
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }

  // ---- the screen stays on while a table is open (Screen Wake Lock, where there is one)
  let lock = null;
  async function keepAwake() {
    if (!document.getElementById("app") || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (lock && !lock.released) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      document.body.dataset.awake = "1";
      lock.addEventListener("release", () => { document.body.dataset.awake = "0"; });
    } catch (e) {
      document.body.dataset.awake = "0";  // refused (battery saver): the screen may sleep
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // ---- your turn: vibrate, and a short sound when the player asked for it
  const SOUND_KEY = "tavolo-sound";
  let audio = null;
  function soundOn() { return localStorage.getItem(SOUND_KEY) === "1"; }
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.25, audio.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.4);
    } catch (e) { /* no sound on this phone */ }
  }
  window.TAVOLO_ALERT = {
    yourTurn() {
      document.body.dataset.alerts = String(Number(document.body.dataset.alerts || 0) + 1);
      // A phone vibrates only once the player has touched the page (before that the browser
      // blocks the call anyway, and says so): a page opened on one's turn shows it instead.
      const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) navigator.vibrate([180, 90, 180]);
      if (soundOn()) beep();
    },
    soundOn,
  };

  /* The sound switch (a phone that holds a seat): pressed = a sound when it is your turn. */
  document.addEventListener("DOMContentLoaded", () => {
    const button = document.getElementById("sound");
    if (!button) return;
    const show = () => {  // one note; struck through while off; the name says it all
      button.setAttribute("aria-pressed", String(soundOn()));
      button.setAttribute("aria-label", t("sound_label"));
      button.title = t(soundOn() ? "sound_on" : "sound_off");
    };
    button.hidden = false;
    button.addEventListener("click", () => {
      localStorage.setItem(SOUND_KEY, soundOn() ? "0" : "1");
      if (soundOn()) beep();  // a tap starts the phone's audio, and lets the player hear it
      show();
      // a phone shows no tooltip: the tap says in words what the note now does
      if (typeof toast === "function") toast(t(soundOn() ? "sound_on" : "sound_off"));
    });
    show();
  });
})();

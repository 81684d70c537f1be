/* The buyer's screen on a paired tablet or phone: renders each view the till sends.
   Plain ES5 for old tablets' browsers; nothing from the internet.
   A stalled connection closes nothing, so the page watches the till's pings: when it has
   heard nothing for data.lost_ms it takes the code off, says it is reconnecting and
   opens a new stream, whose first view is the current one. It answers every ping, so
   the till counts only pages that hear it. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("page-data").textContent);
  var words = data.words;
  var body = document.body;
  var source = null;
  var retry = null;
  var wakeLock = null;
  var gone = false;
  var watchdog = null;
  var streamId = "";

  function byId(id) { return document.getElementById(id); }
  function say(id, text) { byId(id).textContent = text || ""; }

  say("shop", data.shop || words.welcome);
  say("ready", words.ready);
  say("preparing-words", words.preparing);
  say("scan", words.scan);
  say("time-left-words", words.time_left);
  say("offline-words", words.offline);
  say("full-screen", words.full_screen);
  byId("code").setAttribute("alt", words.code);

  function clock(seconds) {
    var minutes = Math.floor(seconds / 60), rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  /* An amount stays on one line, whole: its font as big as the stylesheet makes it, or as
     much smaller as its line needs (a long sum, a narrow screen, a wide font). */
  function fitAmount(id) {
    var line = byId(id), size;
    line.style.fontSize = "";
    if (!line.clientWidth || line.scrollWidth <= line.clientWidth) { return; }
    size = parseFloat(window.getComputedStyle(line).fontSize) * line.clientWidth / line.scrollWidth;
    do {
      size = Math.floor(size * 0.98 * 10) / 10;
      line.style.fontSize = size + "px";
    } while (line.scrollWidth > line.clientWidth && size > 8);
  }

  function fit() {
    fitAmount("amount");
    fitAmount("result-amount");
  }

  function setClass(names) {
    body.className = names + (document.fullscreenElement ? " full" : "");
  }

  function render(view) {
    var state = view.state;
    if (state === "paid" || state === "refused" || state === "expired") {
      setClass("result " + state);
      say("result-amount", view.amount);
      say("result-words", words[state]);
      say("result-more", words[state + "_more"]);
      /* the phase's colour (the till's one table of looks), through the CSSOM: no inline style */
      byId("result-words").style.color = data.colours[state];
      byId("symbol-" + state).style.color = data.colours[state];
      fit();
      return;
    }
    if (state === "pending" || state === "checking") {
      setClass(state);
      say("amount", view.amount);
      say("scan", state === "checking" ? words.checking : words.scan);
      var code = byId("code");
      if (view.code && code.getAttribute("src") !== view.code) { code.setAttribute("src", view.code); }
      if (!view.code) { code.removeAttribute("src"); }
      say("time-left", view.seconds_left === null ? "" : clock(view.seconds_left));
      fit();
      return;
    }
    setClass(state === "preparing" ? "preparing" : "idle");
  }

  function takeOff(text) {  /* the till cannot be heard: no amount, no code */
    setClass("offline");
    byId("code").removeAttribute("src");
    say("amount", "");
    say("time-left", "");
    say("result-amount", "");
    say("offline-words", text);
  }

  function blank() {
    gone = true;
    if (watchdog) { clearTimeout(watchdog); watchdog = null; }
    if (source) { source.close(); source = null; }
    while (body.firstChild) { body.removeChild(body.firstChild); }
    body.className = "blank";
  }

  function stillPaired(then) {
    var request = new XMLHttpRequest();
    request.open("GET", "/hello");
    request.onload = function () { if (request.status === 401) { blank(); } else { then(); } };
    request.onerror = then;
    request.timeout = data.lost_ms;
    request.ontimeout = then;
    request.send();
  }

  function heard() {  /* the till was heard now: the watch starts again */
    if (watchdog) { clearTimeout(watchdog); }
    watchdog = setTimeout(lost, data.lost_ms);
  }

  function lost() {  /* nothing heard for data.lost_ms: a stalled stream, or none yet */
    watchdog = null;
    if (gone) { return; }
    takeOff(words.lost);
    if (retry) { clearTimeout(retry); retry = null; }
    connect();
  }

  function answer() {  /* tells the till this page hears its stream */
    var request = new XMLHttpRequest();
    request.open("GET", "/alive?stream=" + encodeURIComponent(streamId));
    request.timeout = data.lost_ms;
    request.send();
  }

  function connect() {
    if (gone) { return; }
    retry = null;
    if (source) { source.close(); }
    streamId = "";
    source = new EventSource("/events");
    heard();  /* a stream that never opens is lost too */
    source.addEventListener("view", function (event) { heard(); render(JSON.parse(event.data)); });
    source.addEventListener("ping", function () { heard(); answer(); });
    source.addEventListener("removed", blank);
    source.addEventListener("page", function (event) {  /* new words: load them */
      var page = JSON.parse(event.data);
      heard();
      streamId = page.stream;
      if (page.version !== data.version) { window.location.reload(); }
    });
    source.onerror = function () {
      if (gone) { return; }
      takeOff(words.lost);  /* never an old sale while the till cannot be heard */
      if (source && source.readyState === 2) {  /* closed: the browser will not retry */
        source = null;
        stillPaired(function () {  /* unless the watch opened one meanwhile */
          if (!retry && !source) { retry = setTimeout(connect, 2000); }
        });
      }
    };
  }

  function keepAwake() {
    if (!navigator.wakeLock || wakeLock || document.visibilityState !== "visible") { return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; });
    }, function () { wakeLock = null; });
  }

  byId("full-screen").addEventListener("click", function () {
    var root = document.documentElement;
    var go = root.requestFullscreen || root.webkitRequestFullscreen;
    if (go) { go.call(root); }
    keepAwake();
  });
  document.addEventListener("fullscreenchange", function () {
    body.className = body.className.replace(/ ?full$/, "") + (document.fullscreenElement ? " full" : "");
  });
  window.addEventListener("resize", fit);
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
  connect();
}());

/* The host's tablet when the wifi drops.

   A deal entry form marked data-offline-queue is not posted by the browser:
   its fields, with the form's idempotency token, go into a queue in
   localStorage (one per host), and the queue is sent in order, as JSON
   requests, now if the connection allows, else when it returns.  The server
   stores a deal once whatever happens to its answer (the token); a deal
   another device entered meanwhile comes back as a conflict with both
   versions, shown to the host and not sent again.  The queue needs no
   service worker: on a LAN over plain http it works all the same.

   The connection status (#connection: online / offline / sending, and how
   many deals wait) is on every host page.  On a secure context (https, or
   localhost) the service worker (static/js/sw.js) is registered too, so the
   current round's pages open offline; signing out empties its caches.

   Words come from the status element's data- attributes, translated by the
   server. */
(function () {
  "use strict";
  var status = document.getElementById("connection");
  if (!status) return;
  status.hidden = false;
  var words = status.dataset;
  var user = words.user;
  var QUEUE = "pedroparty.queue." + user;
  var CONFLICTS = "pedroparty.conflicts." + user;
  var TIMEOUT = parseInt(words.timeout, 10) || 10000;
  var RETRY = parseInt(words.retry, 10) || 4000;
  var label = status.querySelector("[data-connection-state]");
  var count = status.querySelector("[data-connection-waiting]");
  var problem = status.querySelector("[data-connection-problem]");
  var conflicts = document.getElementById("offline-conflicts");
  var sending = false;
  var reachable = true;
  var retryTimer = null;
  var dirty = false;

  function load(key) {
    try {
      return JSON.parse(window.localStorage.getItem(key)) || [];
    } catch (e) {
      return [];
    }
  }

  function save(key, list) {
    window.localStorage.setItem(key, JSON.stringify(list));
  }

  function show(message) {
    var waiting = load(QUEUE).length;
    var state = sending ? "sending" : navigator.onLine && reachable ? "online" : "offline";
    status.dataset.state = state;
    status.dataset.waitingCount = String(waiting);
    label.textContent = words["text" + state.charAt(0).toUpperCase() + state.slice(1)];
    count.textContent = waiting ? words.textWaiting.replace("%(n)s", String(waiting)) : "";
    count.hidden = !waiting;
    if (message !== undefined) {
      problem.textContent = message;
      problem.hidden = !message;
    }
  }

  function showConflicts() {
    if (!conflicts) return;
    conflicts.replaceChildren();
    load(CONFLICTS).forEach(function (conflict) {
      var box = document.createElement("div");
      box.className = "offline-conflict";
      // The server rendered this fragment (templates/host/_deal_conflict.html).
      box.innerHTML = conflict.html;
      var dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.className = "link";
      dismiss.textContent = words.textDismiss;
      dismiss.addEventListener("click", function () {
        save(CONFLICTS, load(CONFLICTS).filter(function (c) { return c.token !== conflict.token; }));
        showConflicts();
      });
      box.appendChild(dismiss);
      conflicts.appendChild(box);
    });
  }

  function token() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function pathOf(url) {
    return new URL(url, document.baseURI).pathname;
  }

  /* The current page's CSRF token: a queue entry made before a sign-in
     again still goes through. */
  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : null;
  }

  function schedule() {
    if (retryTimer === null) {
      retryTimer = window.setTimeout(function () {
        retryTimer = null;
        flush();
      }, RETRY);
    }
  }

  function post(entry) {
    var body = new URLSearchParams();
    var fresh = csrfToken();
    entry.fields.forEach(function (pair) {
      body.append(pair[0], pair[0] === "csrfmiddlewaretoken" && fresh ? fresh : pair[1]);
    });
    if (entry.entered) body.append("waited_ms", String(Math.max(0, Date.now() - entry.entered)));
    var controller = new AbortController();
    var timer = window.setTimeout(function () { controller.abort(); }, TIMEOUT);
    return fetch(entry.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": fresh || "" },
      signal: controller.signal,
    }).finally(function () { window.clearTimeout(timer); });
  }

  /* Replays a refused entry as a plain form post, so the server's page
     shows the host what to correct. */
  function showRefused(entry) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.url;
    form.hidden = true;
    entry.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[0] === "csrfmiddlewaretoken" && csrfToken() ? csrfToken() : pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  /* Sends the queue in order; stops at the first deal that cannot go yet. */
  function flush() {
    if (sending) return;
    var queue = load(QUEUE);
    // While the browser knows it is offline nothing is tried: the "online"
    // event sends the queue. (A try could even slip past a page's offline
    // state through its service worker and store a deal the page thinks waits.)
    if (!queue.length || !navigator.onLine) {
      show();
      return;
    }
    sending = true;
    show();
    var sent = 0;

    function finish(message) {
      sending = false;
      show(message);
      // A GET of this page, as the plain form's redirect would: it shows the
      // deals now stored and asks for the next.
      if (sent && !load(QUEUE).length && !dirty) window.location.replace(window.location.href);
    }

    function next() {
      var entry = load(QUEUE)[0];
      if (!entry) return finish("");
      post(entry).then(function (response) {
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        if (!json || response.redirected) {
          // Signed out, or the CSRF cookie changed: keep it until the host signs in.
          reachable = true;
          return finish(words.textSignin);
        }
        return response.json().then(function (answer) {
          reachable = true;
          if (response.status === 200 || response.status === 201 || response.status === 409) {
            if (response.status === 409) {
              var list = load(CONFLICTS);
              list.push({ token: entry.token, html: answer.html });
              save(CONFLICTS, list);
              showConflicts();
            }
            save(QUEUE, load(QUEUE).filter(function (e) { return e.token !== entry.token; }));
            sent += 1;
            return next();
          }
          if (response.status === 422) {
            save(QUEUE, load(QUEUE).filter(function (e) { return e.token !== entry.token; }));
            sending = false;
            return showRefused(entry);
          }
          if (response.status >= 500) {
            reachable = false;
            schedule();
          }
          return finish(response.status >= 500 ? "" : words.textSignin);
        });
      }).catch(function () {
        // No answer (offline, the server down, a timeout): the token makes a
        // later try safe even if this one was stored.
        reachable = false;
        schedule();
        finish("");
      });
    }
    next();
  }

  /* After queueing deal d, the form asks for deal d + 1 with a new token,
     naming its dealer: deal d is dealt by seat (d - 1) mod 4. */
  function askFor(form, deal) {
    var wanted = parseInt(form.dataset.dealsWanted, 10);
    var seat = (deal - 1) % 4;
    var name = form.querySelector(".seat-" + seat + " b");
    form.elements.deal.value = String(deal);
    form.querySelectorAll("[data-deal-number]").forEach(function (e) {
      e.textContent = String(deal);
    });
    form.querySelectorAll("[data-dealer-seat]").forEach(function (e) {
      e.textContent = String(seat + 1);
    });
    form.querySelectorAll("[data-dealer-name]").forEach(function (e) {
      e.textContent = name ? name.textContent : "";
    });
    if (wanted && deal > wanted) {
      form.hidden = true;
      var done = document.createElement("p");
      done.textContent = words.textAllQueued;
      form.parentNode.insertBefore(done, form);
    }
  }

  /* The table's totals with the deals waiting for this form added, in the
     page's score line and in the entry preview's starting totals.  A deal
     queued without its scores (a game the page does not preview) is not
     counted, and the score line says so. */
  function countWaiting(form) {
    var path = pathOf(form.action);
    var preview = document.getElementById("preview");
    var shown = document.querySelectorAll("[data-team-total]");
    var uncounted = document.querySelector("[data-uncounted]");
    var totals = [0, 0];
    var missing = false;
    shown.forEach(function (e) {
      if (e.dataset.stored === undefined) e.dataset.stored = e.textContent.trim();
      totals[parseInt(e.dataset.teamTotal, 10)] = parseInt(e.dataset.stored, 10) || 0;
    });
    load(QUEUE).forEach(function (e) {
      if (pathOf(e.url) !== path) return;
      if (!e.scores) {
        missing = true;
        return;
      }
      totals[0] += e.scores[0];
      totals[1] += e.scores[1];
    });
    shown.forEach(function (e) {
      e.textContent = String(totals[parseInt(e.dataset.teamTotal, 10)]);
    });
    if (preview) {
      if (preview.dataset.storedTotal0 === undefined) {
        preview.dataset.storedTotal0 = preview.dataset.total0;
        preview.dataset.storedTotal1 = preview.dataset.total1;
      }
      var extra = [totals[0], totals[1]];
      shown.forEach(function (e) {
        var team = parseInt(e.dataset.teamTotal, 10);
        extra[team] -= parseInt(e.dataset.stored, 10) || 0;
      });
      preview.dataset.total0 = String(parseInt(preview.dataset.storedTotal0, 10) + extra[0]);
      preview.dataset.total1 = String(parseInt(preview.dataset.storedTotal1, 10) + extra[1]);
    }
    if (uncounted) {
      uncounted.textContent = missing ? words.textUncounted || "" : "";
      uncounted.hidden = !missing;
    }
  }

  function manage(form) {
    var path = pathOf(form.action);
    var mine = load(QUEUE).filter(function (e) { return pathOf(e.url) === path; });
    var deal = parseInt(form.elements.deal.value, 10);
    mine.forEach(function (e) { deal = Math.max(deal, e.deal + 1); });
    if (mine.length) {
      form.elements.form_token.value = token();
      askFor(form, deal);
      countWaiting(form);
    }
    form.addEventListener("input", function () { dirty = true; });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var fields = [];
      new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
      var scores = (form.dataset.dealScores || "").split(" ").map(Number);
      var entry = {
        url: form.action,
        token: form.elements.form_token.value || token(),
        deal: parseInt(form.elements.deal.value, 10),
        fields: fields,
        // When the host entered it: sent as how long it waited, which the
        // server takes from its own clock, whatever this tablet's says.
        entered: Date.now(),
        scores: scores.length === 2 && !scores.some(isNaN) ? scores : null,
      };
      var queue = load(QUEUE);
      if (!queue.some(function (e) { return e.token === entry.token; })) queue.push(entry);
      save(QUEUE, queue);
      dirty = false;
      form.reset();
      form.elements.form_token.value = token();
      askFor(form, entry.deal + 1);
      countWaiting(form);
      flush();
    });
  }

  function pagesToKeep() {
    var urls = [window.location.href.split("#")[0]];
    document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]").forEach(function (e) {
      urls.push(e.src || e.href);
    });
    document.querySelectorAll("a[href]").forEach(function (a) {
      if (/\/round\/\d+\/(table\/\d+\/)?$/.test(a.pathname) && a.origin === window.location.origin) {
        urls.push(a.href);
      }
    });
    return urls;
  }

  function forgetPages() {
    if (window.caches) {
      return window.caches.keys().then(function (names) {
        return Promise.all(names.map(function (name) { return window.caches.delete(name); }));
      }).catch(function () { return null; });
    }
    return Promise.resolve();
  }

  document.querySelectorAll("form[data-offline-queue]").forEach(manage);
  document.querySelectorAll("form[data-offline-forget]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      forgetPages().then(function () { form.submit(); });
    });
  });

  if ("serviceWorker" in navigator && window.isSecureContext && words.worker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "keep-done") status.dataset.kept = "yes";
    });
    navigator.serviceWorker.register(words.worker, { scope: words.scope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      registration.active.postMessage({ type: "keep", user: user, urls: pagesToKeep() });
    }).catch(function () { return null; });
  }

  window.addEventListener("online", function () {
    reachable = true;
    flush();
  });
  window.addEventListener("offline", function () { show(); });
  window.addEventListener("storage", function () {
    show();
    showConflicts();
  });
  showConflicts();
  flush();
})();

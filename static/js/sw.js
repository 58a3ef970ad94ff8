/* The host pages' service worker, served at /sw.js with the /host/ scope.

   Pages of the host's area and the site's static files are fetched from the
   network first; what came back is kept, and served when the network fails,
   so a tablet that loses the hall's wifi still opens the current round's
   tables and their entry forms.  The page (static/js/offline.js) tells the
   worker who is signed in and which pages to keep ("keep"); a different
   host, or a sign-out ("forget", or the sign-out post itself), empties every
   cache, so no host ever sees another's pages.

   Deals entered offline are not the worker's business: offline.js queues
   them in localStorage, which works without a worker too. */
"use strict";

var params = new URL(self.location.href).searchParams;
var STATIC_URL = params.get("static") || "/static/";
var LOGOUT_URL = params.get("logout") || "/accounts/logout/";
var SCOPE = new URL(self.registration.scope).pathname;
var PAGES = "pedroparty-pages";
var FILES = "pedroparty-static";
var OWNER = "pedroparty-owner";
var OWNER_KEY = new URL("owner", self.registration.scope).href;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function forget() {
  return caches.keys().then(function (names) {
    return Promise.all(names.map(function (name) { return caches.delete(name); }));
  });
}

/* Empties the caches if they were filled for another host. */
function claimFor(user) {
  return caches.open(OWNER).then(function (owner) {
    return owner.match(OWNER_KEY).then(function (stored) {
      return stored ? stored.text() : null;
    }).then(function (was) {
      if (was === user) return null;
      return forget().then(function () {
        return caches.open(OWNER);
      }).then(function (fresh) {
        return fresh.put(OWNER_KEY, new Response(user));
      });
    });
  });
}

function worthKeeping(response) {
  return response && response.ok && !response.redirected && response.type === "basic";
}

/* Fetches and keeps the pages and files not kept yet; one at a time, so a
   busy hall's wifi is not flooded. */
function keep(urls) {
  return Promise.all([caches.open(PAGES), caches.open(FILES)]).then(function (opened) {
    return urls.reduce(function (previous, url) {
      var path = new URL(url, self.location.href).pathname;
      var cache = path.indexOf(STATIC_URL) === 0 ? opened[1] : opened[0];
      return previous.then(function () {
        return cache.match(url).then(function (kept) {
          if (kept) return null;
          return fetch(url, { credentials: "same-origin" }).then(function (response) {
            if (worthKeeping(response)) return cache.put(url, response);
            return null;
          }).catch(function () { return null; });
        });
      });
    }, Promise.resolve());
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var done;
  if (data.type === "forget") {
    done = forget();
  } else if (data.type === "keep" && data.user) {
    done = claimFor(String(data.user)).then(function () { return keep(data.urls || []); });
  } else {
    return;
  }
  event.waitUntil(done.then(function () {
    if (event.source) event.source.postMessage({ type: data.type + "-done" });
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LOGOUT_URL) {
    event.waitUntil(forget());
    return;
  }
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  var isFile = url.pathname.indexOf(STATIC_URL) === 0;
  var isPage = request.mode === "navigate" && url.pathname.indexOf(SCOPE) === 0;
  if (!isFile && !isPage) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (worthKeeping(response)) {
        var copy = response.clone();
        event.waitUntil(caches.open(isFile ? FILES : PAGES).then(function (cache) {
          return cache.put(request, copy);
        }));
      }
      return response;
    }).catch(function () {
      return caches.match(request, { ignoreVary: true }).then(function (kept) {
        return kept || Response.error();
      });
    })
  );
});

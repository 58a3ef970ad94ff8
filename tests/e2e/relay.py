"""The hall's wifi between a tablet and the live server, for the offline tests.

Chromium's offline emulation is not a dropped link: a page controlled by a
service worker, or one just reloaded, has been seen to get a post through
while it read as offline.  So the browser talks to the site through a TCP
relay on a port of its own, and the wifi dropping is the relay stopped: it
stops listening and drops every open connection, so nothing reaches the site
until it starts again (on the same port, so the page carries on).  It stops
and starts as the hall's own server does (``hall.Hall``), so one ``wifi()``
drops either.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit

from ..pedroparty.private_redis import free_port


class Relay:
    """``url`` leads to ``upstream`` (a ``http://host:port`` address) while
    the relay runs; ``stop()`` and ``start()`` drop and restore it."""

    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname, parts.port)
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener: socket.socket | None = None

    def start(self) -> None:
        assert self._listener is None, "the relay is already up"
        listener = socket.create_server(("127.0.0.1", self.port))  # SO_REUSEADDR
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        with self._lock:
            listener, self._listener = self._listener, None
            doomed = [listener, *self._sockets] if listener else list(self._sockets)
            self._sockets.clear()
        for sock in doomed:
            _drop(sock)

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            try:
                server = socket.create_connection(self.upstream, timeout=10)
            except OSError:
                _drop(client)
                continue
            server.settimeout(None)
            with self._lock:
                if self._listener is not listener:  # stopped meanwhile
                    _drop(client)
                    _drop(server)
                    return
                self._sockets.update((client, server))
            ends = [2]  # the directions still open
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink, ends), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, ends: list[int]) -> None:
        """Copies one way.  An end that closes is passed on as it was (the
        other way stays open); once both ways are done, or either fails, the
        pair is closed."""
        try:
            while data := source.recv(65536):
                sink.sendall(data)
            sink.shutdown(socket.SHUT_WR)
            failed = False
        except OSError:
            failed = True
        with self._lock:
            ends[0] -= 1
            done = failed or ends[0] == 0
            if done:
                self._sockets.discard(source)
                self._sockets.discard(sink)
        if done:
            _drop(source)
            _drop(sink)


def _drop(sock: socket.socket) -> None:
    """Closes a socket at once, waking a thread blocked on it."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()

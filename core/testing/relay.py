"""A TCP relay in front of the test's PostgreSQL server, which a test cuts and restores: a
database that goes away under a running panel and comes back (a failover, a restart), without
touching the server the other tests share.

    with Relay("127.0.0.1", 5432) as relay:
        url = relay.url_for(database_url)  # the same database, through the relay
        relay.cut()      # open connections drop, new ones are refused
        relay.restore()  # listening again on the same port
"""

import socket
import threading

import sqlalchemy as sa

from .serve import free_port

CHUNK = 64 * 1024


class Relay:
    def __init__(self, host, port):
        self.target = (host, port)
        self.port = free_port()
        self.listener = None
        self.sockets = set()
        self.lock = threading.Lock()

    def url_for(self, database_url):
        return (
            sa.engine.make_url(database_url).set(host="127.0.0.1", port=self.port).render_as_string(hide_password=False)
        )

    def restore(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def cut(self):
        """Stops listening and drops every relayed connection, as a database going away does."""
        listener, self.listener = self.listener, None
        if listener is not None:
            try:  # wakes the thread blocked in accept(): a close alone would leave it accepting once more
                listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            listener.close()
        with self.lock:
            open_sockets, self.sockets = self.sockets, set()
        for sock in open_sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:  # closed by cut()
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets.update((client, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source, sink):
        try:
            while data := source.recv(CHUNK):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def __enter__(self):
        return self.restore()

    def __exit__(self, *exc):
        self.cut()

"""A mail server for the mail attack (identity.py): it takes every message, slowly (a mail
server that takes ``SECONDS`` a message, as a busy one does), and counts them, so the report
says how much mail the attacker got the server to send. SMTP as RFC 5321 has it, just enough
for Python's smtplib: greeting, EHLO/HELO, MAIL, RCPT, DATA, QUIT; anything else is 250."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

from pegrace.web.loadbench import HOST
from pegrace.web.server import free_port

SECONDS = 2.0  # what the sink takes to accept a message


class Sink:
    def __init__(self) -> None:
        self.messages = 0
        self.recipients: set[str] = set()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"220 sink ESMTP\r\n")
        try:
            while line := await reader.readline():
                verb = line[:4].upper()
                if verb == b"DATA":
                    writer.write(b"354 go on\r\n")
                    while await reader.readline() not in (b".\r\n", b""):
                        pass  # the message: only counted
                    await asyncio.sleep(SECONDS)
                    self.messages += 1
                    writer.write(b"250 taken\r\n")
                elif verb == b"RCPT":
                    self.recipients.add(line.decode(errors="replace").split(":", 1)[-1].strip())
                    writer.write(b"250 ok\r\n")
                elif verb == b"QUIT":
                    writer.write(b"221 bye\r\n")
                    break
                else:
                    writer.write(b"250 ok\r\n")
                await writer.drain()
        finally:
            writer.close()


@contextlib.contextmanager
def mail_sink() -> Iterator[tuple[Sink, str]]:
    """The sink in a thread of its own while the block runs: it and its smtp:// URL."""
    sink, port = Sink(), free_port(HOST)
    loop = asyncio.new_event_loop()
    ready, stop = threading.Event(), asyncio.Event()

    async def run() -> None:
        server = await asyncio.start_server(sink.serve, HOST, port)
        ready.set()
        async with server:
            await stop.wait()

    def serve() -> None:
        try:
            loop.run_until_complete(run())
            talking = asyncio.all_tasks(loop)  # messages still being taken: let go
            for task in talking:
                task.cancel()
            if talking:  # gather() of nothing would look for this thread's (unset) loop
                loop.run_until_complete(asyncio.gather(*talking, return_exceptions=True))
        finally:
            loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield sink, f"smtp://{HOST}:{port}"
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)

"""Join links and QR codes: what a phone scans to reach its table."""

from __future__ import annotations

import contextlib
import io
import socket
import struct

import qrcode
import qrcode.image.svg


def _interface_addresses() -> list[str]:
    """IPv4 addresses of the network interfaces (Linux ioctl; empty elsewhere)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not Linux
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            packed = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(s.fileno(), 0x8915, packed)  # SIOCGIFADDR
            except OSError:
                continue
            found.append(socket.inet_ntoa(reply[20:24]))
    return found


def lan_address() -> str:
    """This machine's address on the local network (not localhost), or 127.0.0.1.

    Read from the interfaces and the host name; nothing is sent on the network.
    """
    candidates = _interface_addresses()
    with contextlib.suppress(OSError):
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    for address in candidates:
        if not address.startswith("127.") and not address.startswith("169.254."):
            return address
    return "127.0.0.1"


def free_port() -> int:
    """A loopback port nobody listens on now (for a server started by a test or benchmark)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def base_url(host: str, port: int, scheme: str = "http") -> str:
    """``http://host:port`` without a trailing slash."""
    return f"{scheme}://{host}:{port}"


def join_url(base: str, table_id: str) -> str:
    """The link a phone opens to join a table."""
    return f"{base.rstrip('/')}/join/{table_id}"


def qr_svg(data: str) -> str:
    """A QR code of ``data`` as a standalone SVG document (black on white, with a quiet zone)."""
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    img = qr.make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue().decode()


def qr_terminal(data: str) -> str:
    """A QR code of ``data`` drawn with block characters for a terminal."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()

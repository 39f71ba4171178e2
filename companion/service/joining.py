"""Join links and QR codes: what a phone scans to reach its table."""

from __future__ import annotations

import contextlib
import io
import ipaddress
import socket
import struct
from dataclasses import dataclass
from pathlib import Path

import qrcode
import qrcode.image.svg

# Interfaces of containers and virtual machines on this computer: phones never reach them.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxcbr", "lxdbr", "cni", "flannel")
LOOPBACK_HOSTS = ("localhost", "::1")
EVERY_INTERFACE = ("", "0.0.0.0", "::")


def _interface_addresses() -> list[tuple[str, str]]:
    """The network interfaces' names and IPv4 addresses (Linux ioctl; empty elsewhere)."""
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
            found.append((name, socket.inet_ntoa(reply[20:24])))
    return found


def _default_route_interface() -> str | None:
    """The interface of the default route (the one towards the Wi-Fi router), from /proc."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/route").read_text().splitlines()[1:]:
            fields = line.split()
            if len(fields) > 2 and fields[1] == "00000000":
                return fields[0]
    return None


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network, the likeliest first: the interface of
    the default route, then the others; never loopback, link-local or a container's bridge.
    Read from the interfaces and the host name; nothing is sent on the network."""
    interfaces = _interface_addresses()
    default = _default_route_interface()
    ordered = [a for n, a in interfaces if n == default] + [
        a for n, a in interfaces if n != default and not n.startswith(VIRTUAL)]
    with contextlib.suppress(OSError):
        ordered += socket.gethostbyname_ex(socket.gethostname())[2]
    found: list[str] = []
    for address in ordered:
        if not address.startswith(("127.", "169.254.")) and address not in found:
            found.append(address)
    return found


def lan_address() -> str:
    """This machine's likeliest address on the local network (not localhost), or 127.0.0.1."""
    found = lan_addresses()
    return found[0] if found else "127.0.0.1"


def loopback_only(host: str) -> bool:
    """True when a server bound to ``host`` listens only on this computer (127.x, ::1)."""
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Reach:
    """Where phones open the app: the link (an address the server really listens on), whether
    phones can reach it, and the other addresses of this computer worth trying."""

    link: str
    phones: bool
    others: tuple[str, ...] = ()


def reach(host: str, port: int, scheme: str = "http", public: str | None = None) -> Reach:
    """The link to print and encode for a server bound to ``host``: ``public`` when given
    (``TAVOLO_PUBLIC_URL``: a proxy knows better); every interface (``0.0.0.0``): the LAN
    address, or loopback when this computer is on no network; a loopback host: the loopback
    link, which phones cannot open; another address: that address."""
    if public:
        return Reach(public.rstrip("/"), True)
    if host in EVERY_INTERFACE:
        found = lan_addresses()
        if not found:
            return Reach(base_url("127.0.0.1", port, scheme), False)
        return Reach(base_url(found[0], port, scheme), True,
                     tuple(base_url(a, port, scheme) for a in found[1:]))
    if loopback_only(host):
        return Reach(base_url("127.0.0.1" if host == "localhost" else host, port, scheme), False)
    return Reach(base_url(host, port, scheme), True)


def base_url(host: str, port: int, scheme: str = "http") -> str:
    """``http://host:port`` without a trailing slash (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def join_url(base: str, table_id: str) -> str:
    """The link a phone opens to join a table."""
    return f"{base.rstrip('/')}/join/{table_id}"


def qr_svg(data: str) -> str:
    """A QR code of ``data`` as a standalone SVG document (black on white, with a quiet zone).

    Its edges are drawn crisp: scaled to a size that is not a whole number of pixels per
    module, the browser then paints no grey seams between modules for a camera to misread."""
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    img = qr.make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue().decode().replace("<svg ", '<svg shape-rendering="crispEdges" ', 1)


def qr_terminal(data: str) -> str:
    """A QR code of ``data`` drawn with block characters for a terminal."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()

"""The client's address, as far as it can be trusted.

WebOb's `request.client_addr` takes the first X-Forwarded-For entry whenever the header is
there, and any client can send that header: per-address limits (sign-in, restore, the letters'
public form) could be dodged by rotating it, and a stored sender address would be whatever the
client wrote. Here the address is the TCP peer (REMOTE_ADDR) unless that peer is one of the
proxies named in `smogpanel.trusted_proxies` (SMOGPANEL_TRUSTED_PROXIES: addresses or networks,
separated by commas or spaces; empty by default). Behind trusted proxies the client is the
right-most X-Forwarded-For hop that is not itself a trusted proxy: each proxy appends the
address it saw, so everything left of that hop was written by the client and is ignored.
"""

import ipaddress

from pyramid.exceptions import ConfigurationError

SETTING = "smogpanel.trusted_proxies"
UNKNOWN = "unknown"


def parse_trusted_proxies(value):
    """A tuple of networks from the setting's text ('' or None: no proxy is trusted)."""
    networks = []
    for entry in (value or "").replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ConfigurationError(
                f"{SETTING} (SMOGPANEL_TRUSTED_PROXIES): {entry!r} is not an IP address or network "
                "(e.g. 127.0.0.1, 10.0.0.0/8, ::1)."
            ) from None
    return tuple(networks)


def _address(text):
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def _is_trusted(text, networks):
    address = _address(text)
    return address is not None and any(address in network for network in networks)


def resolve_client_address(remote_addr, forwarded_for, networks):
    """The client for a peer `remote_addr` and the X-Forwarded-For values received."""
    peer = (remote_addr or "").strip()
    if not peer:
        return UNKNOWN
    if not networks or not _is_trusted(peer, networks):
        return peer
    hops = [hop.strip() for value in forwarded_for for hop in value.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, networks):
            address = _address(hop)
            # What a trusted proxy appended is an address; anything else is kept as text, cut short.
            return str(address) if address is not None else hop[:100]
    return hops[0] if hops else peer  # every hop a trusted proxy: the farthest one


def client_address(request):
    networks = request.registry.get("smogpanel.trusted_proxy_networks", ())
    return resolve_client_address(
        request.environ.get("REMOTE_ADDR"), [request.environ.get("HTTP_X_FORWARDED_FOR", "")], networks
    )  # WSGI servers join repeated headers into one value, in order


def includeme(config):
    config.registry["smogpanel.trusted_proxy_networks"] = parse_trusted_proxies(config.registry.settings.get(SETTING))

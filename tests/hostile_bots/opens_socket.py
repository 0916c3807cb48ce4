"""Listens on a port and sends out over the network (issue 35: it sent the seed out)."""

import socket


def attack() -> str:
    done = []
    try:
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.bind(("127.0.0.1", 0))
        server.listen()
        done.append(f"listened on port {server.getsockname()[1]}")
        server.close()
    except OSError as exc:
        done.append(f"could not listen ({type(exc).__name__})")
    try:
        with socket.create_connection(("1.1.1.1", 53), timeout=0.5):
            done.append("reached the network")
    except OSError as exc:
        done.append(f"could not reach the network ({type(exc).__name__})")
    return "; ".join(done)


class OpensSocket:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        raise RuntimeError(attack())

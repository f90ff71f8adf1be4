#!/usr/bin/env python3
"""Attacks on a test's own vmpl job, for test-failures.sh and test-launcher.sh.

An independent implementation of the wire format of src/rt/rt_auth.h and
tools/vmpld/vmpld_detector.c (hashlib's BLAKE2b, not libsodium), so a
datagram this script signs with the job's key is one a daemon must take.

  rt_attack.py datagram RANK_PID PORT MODE FROM TO SEQ VICTIM
      sends a DG_REPORT "rank VICTIM was killed", claimed from node FROM, to
      the detector of node TO at 127.0.0.1:PORT, with sequence number SEQ.
      The key comes from the environment of RANK_PID (one of the job's
      ranks). MODE: valid (right MAC), forged (wrong MAC), truncated (every
      shorter length, and longer ones, of the valid datagram).
  rt_attack.py flood PORT COUNT WAIT DAEMON_PID
      opens COUNT TCP connections to a daemon and says nothing; prints the
      daemon's descriptor count after opening them, then waits WAIT seconds
      and prints how many the daemon closed and its descriptor count.
  rt_attack.py hello PORT
      answers a daemon's challenge with a key that is not the job's; prints
      "refused" when the daemon closes the connection.
  rt_attack.py unix PATH
      tries to connect to a rank socket; prints "denied: ERRNO" or "connected".
"""
import errno
import hashlib
import os
import socket
import struct
import sys
import time

DG_REPORT = 5
EV_FAILED, FAIL_RANK, FAILURE_SIGNALED = 1, 1, 2
MSG_HELLO, MSG_CHALLENGE = 1, 21


def job_keys(rank_pid):
    env = open(f"/proc/{rank_pid}/environ", "rb").read().split(b"\0")
    env = dict(e.split(b"=", 1) for e in env if b"=" in e)
    secret = bytes.fromhex(env[b"VMPL_RT_SECRET"].decode())
    job_id = env[b"VMPL_JOB_ID"]
    # crypto_kdf_derive_from_key(32, 1, "vmpl-mac", secret)
    mac_key = hashlib.blake2b(b"", digest_size=32, key=secret,
                              salt=struct.pack("<Q", 1) + bytes(8),
                              person=b"vmpl-mac" + bytes(8)).digest()
    dg_key = hashlib.blake2b(b"vmpl datagram" + job_id + b"\0", digest_size=32,
                             key=mac_key).digest()
    return dg_key


def mac(key, data, sender, seq):
    return hashlib.blake2b(data + struct.pack("<IIQ", sender, 0, seq), digest_size=16,
                           key=key).digest()


def datagram(argv):
    rank_pid, port, mode = int(argv[0]), int(argv[1]), argv[2]
    sender, dest, seq, victim = (int(a) for a in argv[3:7])
    key = job_keys(rank_pid)
    report = struct.pack("<6I", EV_FAILED, FAIL_RANK, victim, FAILURE_SIGNALED, 9, sender)
    body = struct.pack("<IIIIQ", DG_REPORT, sender, dest, 0, seq) + report
    good = body + mac(key, body, sender, seq)
    assert len(good) == 64
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    target = ("127.0.0.1", port)
    if mode == "valid":
        out.sendto(good, target)
    elif mode == "forged":
        out.sendto(body + bytes(b ^ 0x5A for b in good[-16:]), target)
        out.sendto(body + os.urandom(16), target)
    elif mode == "truncated":
        for length in list(range(0, 64)) + [65, 72, 128, 1400]:
            out.sendto((good + os.urandom(1400))[:length] if length > 64 else good[:length], target)
    else:
        sys.exit(f"unknown mode {mode}")
    print(f"sent {mode} report of rank {victim} as node {sender} seq {seq} to node {dest}")


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def flood(argv):
    port, count, wait, daemon = int(argv[0]), int(argv[1]), float(argv[2]), int(argv[3])
    before = descriptors(daemon)
    conns = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        conns.append(s)
    time.sleep(0.3)  # let the daemon accept them
    during = descriptors(daemon)
    time.sleep(wait)
    closed = 0
    for s in conns:
        s.setblocking(False)
        try:
            while True:  # the challenge may be waiting before the end of stream
                data = s.recv(4096)
                if not data:
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except ConnectionResetError:
            closed += 1
        s.close()
    print(f"descriptors before {before} during {during} after {descriptors(daemon)} "
          f"closed {closed} of {count}")


def recv_all(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            raise ConnectionResetError
        data += chunk
    return data


def hello(argv):
    s = socket.create_connection(("127.0.0.1", int(argv[0])))
    s.settimeout(10)
    try:
        kind, length = struct.unpack("<II", recv_all(s, 8))
        challenge = recv_all(s, length)
        assert kind == MSG_CHALLENGE, kind
        # a hello from "node 1" keyed with a random key: the daemon cannot accept it
        key = os.urandom(32)
        payload = os.urandom(16) + struct.pack("<III", 1, os.getpid(), 1) + b"127.0.0.1\0"
        header = struct.pack("<II", MSG_HELLO, len(payload))
        s.sendall(header + payload + struct.pack("<IIQ", 1, 0, 1) +
                  mac(key, header + payload, 1, 1))
        print("refused" if s.recv(4096) == b"" else "accepted")
    except (ConnectionResetError, BrokenPipeError):
        print("refused")


def unix(argv):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(argv[0])
        print("connected")
    except OSError as e:
        print(f"denied: {errno.errorcode.get(e.errno, e.errno)}")


if __name__ == "__main__":
    {"datagram": datagram, "flood": flood, "hello": hello, "unix": unix}[sys.argv[1]](sys.argv[2:])

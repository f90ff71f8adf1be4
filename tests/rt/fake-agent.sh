#!/bin/sh
# A launch agent for tests: "starts" a daemon on host node* by running it
# here (like ssh would there), and fails like ssh for any other host.
# FAKE_AGENT_DELAY=S starts it S seconds late (a slow remote start).
host=$1
shift
case $host in
  node*) sleep "${FAKE_AGENT_DELAY:-0}"; exec "$@" ;;
  *) echo "fake-agent: ssh: Could not resolve hostname $host" >&2; exit 255 ;;
esac

#!/bin/sh
# A launch agent for tests: "starts" a daemon on host node* by running it
# here (like ssh would there), and fails like ssh for any other host.
host=$1
shift
case $host in
  node*) exec "$@" ;;
  *) echo "fake-agent: ssh: Could not resolve hostname $host" >&2; exit 255 ;;
esac

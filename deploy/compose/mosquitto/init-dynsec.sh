#!/bin/sh
# Creates Mosquitto's dynamic-security file once: the console's account (MQTT_USERNAME,
# MQTT_PASSWORD) as the plugin's administrator, whose role may also publish to patrol/# (the
# commands and configuration the console sends to robots). A file already there is left alone, so
# the robots the console provisioned survive restarts and upgrades.
set -eu

file="${DYNSEC_FILE:?DYNSEC_FILE: the dynamic-security file to create}"
plugin="${DYNSEC_PLUGIN:?DYNSEC_PLUGIN: the path of mosquitto_dynamic_security.so}"
port="${DYNSEC_INIT_PORT:-18830}"
: "${MQTT_USERNAME:?MQTT_USERNAME: the console account}"
: "${MQTT_PASSWORD:?MQTT_PASSWORD: the console account password}"

if [ -s "$file" ]; then
  echo "dynamic security: $file exists, nothing to do"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mosquitto_ctrl dynsec init "$work/dynamic-security.json" "$MQTT_USERNAME" "$MQTT_PASSWORD" >/dev/null

# The role's extra right goes through the plugin itself, on a broker of our own on loopback.
cat >"$work/init.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous false
plugin $plugin
plugin_opt_config_file $work/dynamic-security.json
CONF
# Run as root (not the image's way), Mosquitto would switch to its own user, who cannot read $work.
if [ "$(id -u)" = 0 ]; then echo 'user root' >>"$work/init.conf"; fi
mosquitto -c "$work/init.conf" >"$work/broker.log" 2>&1 &
broker=$!
tries=0
until mosquitto_ctrl -h 127.0.0.1 -p "$port" -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" \
  dynsec addRoleACL admin publishClientSend 'patrol/#' allow >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 50 ]; then
    kill "$broker" 2>/dev/null || true
    echo "dynamic security: the broker on 127.0.0.1:$port did not accept the change" >&2
    cat "$work/broker.log" >&2
    exit 1
  fi
  sleep 0.2
done
kill "$broker"
wait "$broker" || true

cp "$work/dynamic-security.json" "$file.new"
mv "$file.new" "$file"
echo "dynamic security: created $file with administrator $MQTT_USERNAME"

#!/usr/bin/env bash
# The Node.js image the Dockerfile builds on (its NODE_IMAGE), made here where no image registry
# can be reached: Debian bookworm (debootstrap --variant=minbase, with its security updates) and
# Node.js 22 and npm 10 from the npm registry, imported into podman. Made once: skipped while the
# tag is present; BASE_REBUILD=1 makes it again (to take newer Debian updates or Node.js 22.x).
# Needs root, debootstrap, podman, strip (binutils) and npm.
set -euo pipefail

tag="${1:-localhost/console-node:22-bookworm}"
podman=(podman --runtime runc --cgroup-manager=cgroupfs)
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [ "${BASE_REBUILD:-}" != 1 ] && "${podman[@]}" image exists "$tag"; then
  echo "base image $tag: present, not rebuilt"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no Node.js package for $(uname -m)" >&2; exit 1 ;;
esac

started=$SECONDS
work="$(mktemp -d /var/tmp/console-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

echo "base image $tag: debootstrap bookworm from $mirror"
if ! debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1; then
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
fi

# Debian's security and point-release updates, as the official bookworm images carry them.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
cp /etc/resolv.conf "$root/etc/resolv.conf"
chroot "$root" sh -c 'export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get upgrade -y -qq' \
  >"$work/upgrade.log" 2>&1 || { tail -n 30 "$work/upgrade.log" >&2; exit 1; }

# Node.js from the registry's per-platform package (the one `npm install node` unpacks), and npm.
# The binary ships with its debugging information; stripped it is 18 MB smaller and runs the same.
echo "base image $tag: Node.js 22 and npm 10 from the npm registry"
npm pack --silent --pack-destination "$work" "node-linux-$arch@22" npm@10 >"$work/pack.log"
mkdir "$work/node"
tar -xzf "$work"/node-linux-"$arch"-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
strip "$root/usr/local/bin/node"
install -D -m 0644 "$work/node/package/LICENSE" "$root/usr/local/share/doc/node/LICENSE"
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz --strip-components=1 -C "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
node_version="$(chroot "$root" /usr/local/bin/node --version)"
npm_version="$(chroot "$root" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)"

# The unprivileged user the official Node.js images have, which the console runs as.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# Slim, as Debian's -slim images are: no package lists, downloaded packages, manuals or
# translations (copyright files stay); later installs leave them out too.
cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
DPKG
cat >"$root/etc/apt/apt.conf.d/slim" <<'APT'
APT::Install-Recommends "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };
Acquire::Languages "none";
APT
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log \
  "$root"/var/log/apt/* "$root"/var/cache/debconf/*-old "$root"/var/lib/dpkg/*-old \
  "$root"/usr/share/info/* "$root"/usr/share/linda "$root"/usr/share/lintian/overrides/* \
  "$root"/usr/share/locale/* "$root"/usr/share/man/* "$root"/usr/share/groff/* "$root"/tmp/*
find "$root/usr/share/doc" -mindepth 1 -not -type d -not -type l -not -name copyright -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
: >"$root/etc/resolv.conf"
: >"$root/etc/hostname"
find "$root/dev" -mindepth 1 -delete

tar --numeric-owner -C "$root" -c . | "${podman[@]}" import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change "LABEL org.opencontainers.image.description=Debian bookworm (minbase) with Node.js $node_version and npm $npm_version" \
  --change 'CMD ["node"]' \
  - "$tag" >/dev/null
echo "base image $tag: Node.js $node_version, npm $npm_version, made in $((SECONDS - started)) s"

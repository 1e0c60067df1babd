#!/usr/bin/env bash
# CI: the V4L2 camera path against a real kernel driver. This machine has no
# /dev/video* and cannot load modules, so boot Debian's own kernel under qemu with
# the kernel's virtual camera (vivid) and run the project's already-built test
# binary inside the guest, over this machine's root filesystem shared read-only by
# 9p: same binary, same libraries, a real driver underneath.
#
#   .ci/vivid.sh            (from .ci/run after `make test`, or `make test-vivid`)
#
# The guest writes its log and exit code into a shared writable folder; this script
# prints the log and exits with the guest's code. It skips (exit 0, with the reason)
# only where qemu cannot run at all.
set -euo pipefail
cd "$(dirname "$0")/.."
project=$(pwd)
started=$(date +%s)
say() { echo "vivid: $*"; }
skip() { say "SKIPPED: $*"; exit 0; }

# Whole step, boot plus tests, is bounded by this (seconds).
guest_timeout=${VIVID_TIMEOUT:-600}

debs="qemu-system-x86 linux-image-amd64 busybox-static"
missing=$(for p in $debs; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" || echo "$p"; done)
if [ -n "$missing" ]; then
    sudo=$([ "$(id -u)" = 0 ] || echo sudo)
    say "installing:" $missing
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing \
        >/dev/null || skip "could not install $missing (no apt or no root here); the V4L2 tests need qemu and a Debian kernel"
fi
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not installed"
[ -x /bin/busybox ] || skip "busybox-static is not installed"

# The newest installed Debian kernel that ships vivid.
kver=""
for dir in $(ls -d /lib/modules/*/ 2>/dev/null | sort -V); do
    v=$(basename "$dir")
    [ -f "/boot/vmlinuz-$v" ] && [ -f "$dir/modules.dep" ] && grep -q '/vivid\.ko' "$dir/modules.dep" && kver=$v
done
[ -n "$kver" ] || skip "no installed kernel with vivid.ko and /boot/vmlinuz (linux-image-amd64 did not install one)"
moddir=/lib/modules/$kver

# The binary must be this tree's: `make test` built it; this is a no-op then.
swift build --build-tests >/dev/null || { say "FAILED: swift build --build-tests"; exit 1; }
testbin=$(ls -d "$project"/.build/debug/*PackageTests.xctest 2>/dev/null | head -1 || true)
[ -n "$testbin" ] || { say "FAILED: no test binary under .build/debug after swift build --build-tests"; exit 1; }
cli="$project/.build/debug/sleevescan"

work=$(mktemp -d /tmp/sleevescan-vivid.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/initramfs
results=$work/results
mkdir -p "$root"/{bin,dev,proc,sys,host,lib/modules} "$results"

# Modules in load order: each one's dependencies (modules.dep lists them all, the
# deepest last) before itself, each once.
declare -A loaded=()
order=()
add_module() {
    local path=$1 deps dep
    [ -n "${loaded[$path]:-}" ] && return
    deps=$(awk -v m="$path:" '$1 == m { for (i = NF; i > 1; i--) print $i }' "$moddir/modules.dep")
    for dep in $deps; do add_module "$dep"; done
    loaded[$path]=1
    order+=("$path")
}
for name in virtio_pci 9pnet_virtio 9p vivid; do
    path=$(awk -F: -v n="/$name.ko" 'index($1, n) == length($1) - length(n) + 1 { print $1; exit }' "$moddir/modules.dep")
    [ -n "$path" ] || { say "FAILED: $name.ko is not in $moddir/modules.dep"; exit 1; }
    add_module "$path"
done
for m in "${order[@]}"; do
    case "$m" in *.ko) ;; *) say "FAILED: $m is compressed; this script loads plain .ko files with busybox insmod"; exit 1 ;; esac
    cp "$moddir/$m" "$root/lib/modules/"
    echo "$(basename "$m")" >>"$root/lib/modules/order"
done

cp /bin/busybox "$root/bin/busybox"
live=no
[ -x "$cli" ] && "$cli" live --help 2>&1 | grep -q -- '--device' && live=yes

# The guest needs a writable scratch folder (HOME, TMPDIR): a tmpfs over /tmp, unless
# the checkout itself lives under /tmp (CI may clone there), which it would hide.
scratch=/tmp
case "$project/" in /tmp/*) scratch=/var/tmp ;; esac

# vivid: one instance with a video capture node (video0), an output node (video1),
# raw VBI capture (vbi0) and a radio receiver (radio0): the last three are the
# non-capture nodes the camera must refuse.
cat >"$root/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "guest: booted \$(uname -r), \$(nproc) cpu(s)"
for m in \$(cat /lib/modules/order); do
    params=""
    [ "\$m" = vivid.ko ] && params="n_devs=1 node_types=0x115"
    insmod /lib/modules/\$m \$params || echo "guest: insmod \$m failed"
done
opts=trans=virtio,version=9p2000.L,msize=262144
mount -t 9p -o \$opts,ro,cache=loose hostroot /host || echo "guest: mounting the host filesystem failed"
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -t devtmpfs dev /host/dev
mount -t tmpfs scratch /host$scratch
mkdir -p /host$results
mount -t 9p -o \$opts results /host$results || echo "guest: mounting the results folder failed"
dmesg | grep -i -E 'vivid|videodev' | sed 's/^/guest: dmesg: /'
ls -l /dev/video* /dev/vbi* /dev/radio* 2>&1 | sed 's/^/guest: /'
for n in /sys/class/video4linux/*; do echo "guest: \$(basename \$n): \$(cat \$n/name)"; done
chroot /host /usr/bin/env -i PATH=/usr/bin:/bin HOME=$scratch TMPDIR=$scratch OMP_THREAD_LIMIT=1 LIVE=$live \
    /bin/sh $project/.ci/vivid-guest.sh "$project" "$testbin" "$cli" >/host$results/log 2>&1
echo \$? >/host$results/rc
sync
umount /host$results
poweroff -f
EOF
chmod +x "$root/init"
(cd "$root" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1 >"$work/initramfs.gz")
say "kernel $kver, initramfs $(du -k "$work/initramfs.gz" | cut -f1) KB with modules: $(tr '\n' ' ' <"$root/lib/modules/order")"

# boot NAME LIMIT QEMU-ARGS...: boots the guest; the serial console goes to the log.
# Returns 3 when the kernel did not reach /init within LIMIT seconds (a nested KVM
# that hangs does this), else qemu's status.
boot() {
    local serial=$work/serial-$1 boot_limit=$2 pid waited=0
    shift 2
    timeout --kill-after=10 "$guest_timeout" qemu-system-x86_64 "$@" -m 2048 -smp 2 \
        -nographic -no-reboot -nodefaults -serial stdio \
        -kernel "/boot/vmlinuz-$kver" -initrd "$work/initramfs.gz" \
        -append "console=ttyS0 panic=-1 loglevel=4 rdinit=/init" \
        -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
        -virtfs "local,path=$results,mount_tag=results,security_model=none,multidevs=remap" \
        </dev/null >"$serial" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && ! grep -q 'guest: booted' "$serial"; do
        if [ "$waited" -ge "$boot_limit" ]; then
            kill "$pid"; wait "$pid" 2>/dev/null
            sed 's/^/serial: /' "$serial"
            return 3
        fi
        sleep 1; waited=$((waited + 1))
    done
    local status=0
    wait "$pid" || status=$?
    sed 's/^/serial: /' "$serial"
    return $status
}

status=0
if [ "${VIVID_ACCEL:-}" != tcg ] && [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
    say "booting under qemu with KVM, at most ${guest_timeout}s"
    boot kvm "${VIVID_KVM_BOOT_LIMIT:-60}" -enable-kvm || status=$?
    if [ "$status" = 3 ] || { [ ! -f "$results/rc" ] && [ "$status" != 124 ]; }; then
        say "KVM did not boot the guest (qemu status $status); falling back to software emulation (TCG)"
        status=0
        boot tcg "$guest_timeout" -cpu max || status=$?
    fi
else
    say "booting under qemu with software emulation (TCG; no usable /dev/kvm), at most ${guest_timeout}s"
    boot tcg "$guest_timeout" -cpu max || status=$?
fi
[ -f "$results/log" ] && sed 's/^/guest: /' "$results/log"
elapsed=$(($(date +%s) - started))
if [ ! -f "$results/rc" ]; then
    say "FAILED: the guest did not finish (qemu status $status; timeout after ${guest_timeout}s is 124) in ${elapsed}s"
    exit 1
fi
rc=$(cat "$results/rc")
if [ "$rc" != 0 ]; then say "FAILED: V4L2 tests in the guest exited $rc (${elapsed}s)"; exit 1; fi
say "passed: V4L2 tests against vivid in ${elapsed}s"

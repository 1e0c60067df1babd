# Two entry points on a fresh Debian 12 machine with Swift (see README.md):
#   make demo   installs what is missing and reads the fixture sleeve
#   make test   installs what is missing and runs the whole test suite
#
# Debian packages the build, the tests and the demo need. Each line says why.
DEBS := pkg-config \
	libleptonica-dev libjpeg62-turbo-dev \
	libtesseract-dev tesseract-ocr-eng libcurl4-openssl-dev \
	libzbar-dev \
	libssl-dev \
	libsane-dev sane-utils \
	libv4l-dev \
	libmicrohttpd-dev \
	libsqlite3-dev \
	libxml2-dev zlib1g-dev \
	libpq-dev \
	python3-pil
# libjpeg62-turbo-dev: the live loop decodes each camera frame's luminance with libjpeg directly;
# libpq-dev: the shared catalogue of several stations (PostgreSQL client library);
# libmicrohttpd-dev: the station's status page (HTTP server with connection limits and timeouts);
# libsane-dev: scanning (tests use its test and pnm backends through Fixtures/sane);
# sane-utils: scanimage, to compare with when a scanner misbehaves;
# libsqlite3-dev: the Discogs index and the default catalogue (SQLite with FTS5);
# libxml2-dev, zlib1g-dev: streaming import of the Discogs dump (libxml2's reader over gzip);
# libv4l-dev: cameras (libv4l2 converts MJPEG/YUYV to RGB or gray);
# python3-pil: the fuzz round draws its seed images with Pillow (Fixtures/scripts/fuzz_images.py).

# Only the tests need these: a real PostgreSQL server for the catalogue tests
# (postgresql; pg_virtualenv comes with postgresql-common).
TEST_DEBS := postgresql postgresql-common

# OpenMP in tesseract is 5-8x slower with its default threads on small machines; the
# executable sets this for itself, the test process needs it from its parent.
export OMP_THREAD_LIMIT := 1

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps build demo test bench-read bench-deps fuzz-smoke fuzz-long

# Installs the packages of $(1) that are missing.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEBS))

test-deps: deps
	$(call install_missing,$(TEST_DEBS))

build: deps
	swift build -c release

demo: build
	.build/release/sleevescan read --out out/demo --json Fixtures/sleeves/flatbed-side-by-side.png

# The PostgreSQL catalogue tests run against a throwaway cluster that pg_virtualenv
# (postgresql-common) creates, points PGHOST/PGPORT/PGUSER at, and drops afterwards;
# -t keeps it in a temporary folder even as root, so a cluster an interrupted run left
# in /etc/postgresql (pg_virtualenv's fixed name "regress") cannot block the next run.
# Without it (a developer's machine without postgresql) those tests skip and say why.
test: test-deps
	@if command -v pg_virtualenv >/dev/null; then pg_virtualenv -t swift test; else swift test; fi

# Pages through libsane's test backend, every fifth one jammed, while other threads
# allocate (Tests/ScanningTests/SaneStressTests.swift): a hang of the kind a cancelled
# reader thread caused ends the run through its watchdog. CI runs a short round after
# `make test`, on the test binary it built; SANE_STRESS=20000 is the long one.
SANE_STRESS ?= 3000
.PHONY: stress-sane
stress-sane: deps
	SLEEVESCAN_SANE_STRESS=$(SANE_STRESS) swift test --filter SaneStressTests

# The V4L2 tests against the kernel's virtual camera (vivid) in a qemu guest; installs
# qemu-system-x86, linux-image-amd64 and busybox-static itself (see .ci/vivid.sh).
.PHONY: test-vivid
test-vivid: deps
	.ci/vivid.sh

# What the benchmarks run beside sleevescan: the tesseract command (the library alone,
# from DEBS, has no CLI) for bench read --compare-tesseract.
BENCH_DEBS := tesseract-ocr

bench-deps:
	$(call install_missing,$(BENCH_DEBS))

bench-read: build bench-deps
	.build/release/sleevescan bench read --runs 5 --compare-tesseract Fixtures/sleeves/*.png Fixtures/sleeves/*.jpg

# Image-input fuzzing (Fixtures/scripts/fuzz_images.py): mutated JPEG, PNG, TIFF, WebP,
# PNM, GIF and BMP files through `read` and `read --only barcodes`; fails on a crash, a
# hang or a run over 1 GB. CI runs the short seeded round against the debug binary that
# `make test` built (no release build needed); fuzz-long is the on-demand round.
FUZZ_COUNT ?= 200
# Debian's interpreter, which sees python3-pil (a python3 earlier on PATH, e.g. pyenv's, may not).
DEBIAN_PYTHON := /usr/bin/python3
fuzz-smoke: deps
	swift build
	$(DEBIAN_PYTHON) Fixtures/scripts/fuzz_images.py --binary .build/debug/sleevescan --seed 1 --count $(FUZZ_COUNT) --out .build/fuzz --jobs 2

fuzz-long: build
	$(DEBIAN_PYTHON) Fixtures/scripts/fuzz_images.py --binary .build/release/sleevescan --seed $$(date +%s) --count 5000 --out out/fuzz --jobs 2

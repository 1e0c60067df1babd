# Two entry points on a fresh Debian 12 machine with Swift (see README.md):
#   make demo   installs what is missing and reads the fixture sleeve
#   make test   installs what is missing and runs the whole test suite
#
# Debian packages the build, the tests and the demo need. Each line says why.
DEBS := pkg-config \
	libleptonica-dev \
	libtesseract-dev tesseract-ocr-eng libcurl4-openssl-dev \
	libzbar-dev \
	libssl-dev \
	libsane-dev sane-utils \
	libv4l-dev \
	libmicrohttpd-dev \
	python3-pil
# libmicrohttpd-dev: the station's status page (HTTP server with connection limits and timeouts);
# libsane-dev: scanning (tests use its test and pnm backends through Fixtures/sane);
# sane-utils: scanimage, to compare with when a scanner misbehaves;
# libv4l-dev: cameras (libv4l2 converts MJPEG/YUYV to RGB or gray);
# python3-pil: the fuzz round draws its seed images with Pillow (Fixtures/scripts/fuzz_images.py).

# OpenMP in tesseract is 5-8x slower with its default threads on small machines; the
# executable sets this for itself, the test process needs it from its parent.
export OMP_THREAD_LIMIT := 1

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test bench-read bench-deps fuzz-smoke fuzz-long

deps:
	@missing=$$(for p in $(DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	swift build -c release

demo: build
	.build/release/sleevescan read --out out/demo --json Fixtures/sleeves/flatbed-side-by-side.png

test: deps
	swift test

# The V4L2 tests against the kernel's virtual camera (vivid) in a qemu guest; installs
# qemu-system-x86, linux-image-amd64 and busybox-static itself (see .ci/vivid.sh).
.PHONY: test-vivid
test-vivid: deps
	.ci/vivid.sh

# What the benchmarks run beside sleevescan: the tesseract command (the library alone,
# from DEBS, has no CLI) for bench read --compare-tesseract.
BENCH_DEBS := tesseract-ocr

bench-deps:
	@$(MAKE) --no-print-directory deps DEBS="$(BENCH_DEBS)"

bench-read: build bench-deps
	.build/release/sleevescan bench read --runs 5 --compare-tesseract Fixtures/sleeves/*.png Fixtures/sleeves/*.jpg

# Image-input fuzzing (Fixtures/scripts/fuzz_images.py): mutated JPEG, PNG, TIFF, WebP,
# PNM, GIF and BMP files through `read` and `read --only barcodes`; fails on a crash, a
# hang or a run over 1 GB. CI runs the short seeded round against the debug binary that
# `make test` built (no release build needed); fuzz-long is the on-demand round.
FUZZ_COUNT ?= 200
fuzz-smoke: deps
	swift build
	python3 Fixtures/scripts/fuzz_images.py --binary .build/debug/sleevescan --seed 1 --count $(FUZZ_COUNT) --out .build/fuzz --jobs 2

fuzz-long: build
	python3 Fixtures/scripts/fuzz_images.py --binary .build/release/sleevescan --seed $$(date +%s) --count 5000 --out out/fuzz --jobs 2

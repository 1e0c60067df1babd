// swift-tools-version: 6.0
import PackageDescription

// Layout: a pure core (no C), one thin wrapper target per C library (the only
// target that imports that library's module), the pipeline over the core's
// protocols, and one executable. The import fence is enforced by the build:
// a target can only import the C modules it depends on.
let package = Package(
    name: "sleevescan",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sleevescan", targets: ["sleevescan"]),
    ],
    targets: [
        // Pure core: geometry, layout, parsing, record model. Builds with no -dev package.
        .target(name: "SleeveCore"),

        // System libraries (Debian -dev packages, found through pkg-config).
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev", "libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZbar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSane", pkgConfig: "sane-backends", providers: [.apt(["libsane-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),

        // One wrapper per C library.
        .target(name: "Imaging", dependencies: ["SleeveCore", "CLeptonica", "JPEGDecoding"]),
        // libjpeg directly for the live loop's frame decode (leptonica reads it for the rest).
        .target(name: "JPEGDecoding", dependencies: ["SleeveCore", "CJPEG"]),
        .target(name: "Recognition", dependencies: ["SleeveCore", "CTesseract"]),
        .target(name: "BarcodeScanning", dependencies: ["SleeveCore", "CZbar"]),
        .target(name: "Digest", dependencies: ["CCrypto"]),
        .target(name: "Scanning", dependencies: ["SleeveCore", "CSane"]),
        .target(name: "Camera", dependencies: ["SleeveCore", "CV4L2"]),
        // Embedded databases: the Discogs index and the default catalogue.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // Streaming XML (libxml2's SAX parser over zlib): the Discogs dump.
        .target(name: "XMLReading", dependencies: ["CXML2"]),
        // The offline Discogs index: dump import and candidate lookups (matching is in the core).
        .target(name: "DiscogsIndex", dependencies: ["SleeveCore", "SQLite", "XMLReading"]),
        // The shared catalogue of several stations (libpq).
        .target(name: "Postgres", dependencies: ["CPostgres"]),

        // The configuration: every key declared once (type, range, default, meaning), read
        // from JSON, typed for the code that uses it.
        .target(name: "Settings"),
        // Image in, record out: decoding, the page, OCR, layout, parsing, the record files.
        // Depends on the core's protocols, not on the wrappers.
        .target(name: "Reading", dependencies: ["SleeveCore", "Settings"]),
        // The live station over any frame source: per-frame analysis, stability, the OCR
        // worker, evidence merging, the station's upkeep (disk floor, memory).
        .target(name: "Station", dependencies: ["SleeveCore", "Reading", "Settings"]),
        // Every written record in one database (SQLite or PostgreSQL), dealer fields, exports.
        .target(name: "Catalogue", dependencies: ["Reading", "SQLite", "Postgres"]),
        // The headless station's status page over HTTP (libmicrohttpd).
        .target(name: "StatusServer",
                dependencies: ["SleeveCore", "Reading", "Station", "Settings", "Imaging", "CMicroHTTPD", "Catalogue"]),

        // The application: wires the wrappers into reading and the station (engines, the
        // frame sources, the one record sink, catalogue and index set-up, signals, the
        // terminal). Everything a command does, without the command line.
        .target(name: "Application",
                dependencies: ["SleeveCore", "Settings", "Reading", "Station", "Imaging", "Recognition", "BarcodeScanning",
                               "Digest", "Scanning", "Camera", "StatusServer", "DiscogsIndex", "Catalogue"]),

        // The command line: argument parsing, one file per subcommand, the benchmarks.
        .executableTarget(
            name: "sleevescan",
            dependencies: ["Application", "SleeveCore", "Settings", "Reading", "Station", "Imaging", "Recognition",
                           "BarcodeScanning", "Digest", "Scanning", "Camera", "StatusServer", "DiscogsIndex", "Catalogue"]
        ),

        // What tests that start the executable share: signalling a child only while it
        // is that child (pidfd, through glibc's calls Swift's Glibc module leaves out).
        .systemLibrary(name: "CPidfd", path: "Tests/CPidfd"),
        .target(name: "ChildProcesses", dependencies: ["CPidfd"], path: "Tests/ChildProcesses"),

        .testTarget(name: "SleeveCoreTests", dependencies: ["SleeveCore"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "DiscogsIndexTests", dependencies: ["DiscogsIndex", "XMLReading", "SQLite", "SleeveCore"]),
        .testTarget(name: "CatalogueTests",
                    dependencies: ["ChildProcesses", "Catalogue", "Postgres", "SQLite", "Reading", "Settings", "Station", "Application"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "JPEGDecoding", "SleeveCore"]),
        .testTarget(name: "RecognitionTests", dependencies: ["Recognition", "Imaging", "SleeveCore"]),
        .testTarget(name: "ReadingTests",
                    dependencies: ["Reading", "Imaging", "Recognition", "BarcodeScanning", "Digest", "SleeveCore"]),
        .testTarget(name: "CLITests", dependencies: ["ChildProcesses", "sleevescan", "Application"]),
        .testTarget(name: "ScanningTests", dependencies: ["ChildProcesses", "Scanning", "Imaging", "SleeveCore", "Application"]),
        .testTarget(name: "CameraTests", dependencies: ["Camera", "SleeveCore"]),
        .testTarget(name: "CaptureTests", dependencies: ["Station", "Reading", "Settings", "Imaging", "SleeveCore"]),
        .testTarget(name: "BarcodeScanningTests", dependencies: ["BarcodeScanning", "Imaging", "SleeveCore"]),
        .testTarget(name: "StationTests",
                    dependencies: ["StatusServer", "Catalogue", "Reading", "Settings", "Station", "Imaging", "SleeveCore"]),
        .testTarget(name: "LiveTests", dependencies: ["ChildProcesses", "Station", "Reading", "Settings", "Imaging", "SleeveCore", "Application"]),
    ]
)

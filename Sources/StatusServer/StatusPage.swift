import SleeveCore

/// The status page: one small HTML document, readable on a phone, rendered from a
/// `StatusView`. It reloads itself every few seconds; the preview image reloads once a
/// second, one request at a time (the next starts when the last has arrived), so an
/// open tab holds at most one connection for the preview.
enum StatusPage {
    static func html(_ view: StatusView, link: (String) -> String, catalogue: Bool = false) -> String {
        var rows = ""
        for r in view.recent {
            let fields: [(String, String?)] = SleeveRecord.TextField.allCases.map { ($0.caption, r.text[$0]) } + [
                ("Barcode", r.barcodes.isEmpty ? nil : r.barcodes.joined(separator: ", ")),
                ("Tracks", r.tracks == 0 ? nil : "\(r.tracks)"),
                ("Matrix", r.matrix.isEmpty ? nil : r.matrix.joined(separator: " · ")),
                ("Release", r.release),
                ("In stock", r.inStock),
            ]
            let dl = fields.compactMap { name, value in value.map { "<dt>\(name)</dt><dd>\(escape($0))</dd>" } }.joined()
            rows += """
                <li><a href="\(escape(r.links.image))"><img src="\(escape(r.links.thumbnail))" alt="" loading="lazy"></a>
                <div><dl>\(dl.isEmpty ? "<dt>Fields</dt><dd>none read</dd>" : dl)</dl>
                <p class="small">\(escape(r.capturedAt)) · <a href="\(escape(r.links.record))">\(escape(r.recordFile))</a></p></div></li>

                """
        }
        let disk: String
        if let d = view.disk {
            disk = d.writingAllowed
                ? "<p class=\"small\">Free space: \(d.freeMB.map { "\($0) MB" } ?? "unknown") (floor \(d.floorMB) MB)</p>"
                : "<p class=\"warn\">\(escape(d.reason ?? "not writing records"))</p>"
        } else {
            disk = ""
        }
        let preview = link("/preview.jpg")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="refresh" content="5">
            <title>sleevescan · \(escape(view.state))</title>
            <style>
            body{font:16px/1.4 system-ui,sans-serif;margin:0 auto;max-width:60em;padding:1em;color:#222;background:#fafafa}
            header{display:flex;gap:1em;align-items:baseline;flex-wrap:wrap}
            .state{font-size:1.4em;font-weight:bold;padding:.1em .5em;border-radius:.3em;background:#ddd}
            .state.written{background:#bfe6bf}.state.paused,.state.reconnecting{background:#f6d28b}
            .warn{background:#f6d28b;padding:.5em}.small{font-size:.85em;color:#666}
            #preview{max-width:100%;max-height:50vh;background:#ccc;display:block}
            ul{list-style:none;padding:0}li{display:flex;gap:1em;margin:.8em 0;border-top:1px solid #ddd;padding-top:.8em}
            li img{width:120px;height:auto;background:#ccc}dl{display:grid;grid-template-columns:auto 1fr;gap:0 .8em;margin:0}
            dt{color:#666}dd{margin:0}
            </style></head><body>
            <header><span class="state \(escape(view.state))">\(escape(view.state))</span>
            <span>\(String(format: "%.1f", view.framesPerSecond)) frames/s</span>
            <span class="small">\(escape(view.source))</span>
            <a class="small" href="\(escape(link("/status.json")))">status.json</a>
            \(catalogue ? "<a href=\"\(escape(link("/catalogue")))\">Catalogue</a>" : "")</header>
            \(view.message.map { "<p class=\"warn\">\(escape($0))</p>" } ?? "")
            \(view.catalogue.map { "<p class=\"warn\">\(escape($0))</p>" } ?? "")
            \(disk)
            \(view.previewAvailable
                ? "<img id=\"preview\" src=\"\(escape(preview))\" alt=\"live preview\">"
                : "<p class=\"small\">No preview yet.</p>")
            <h2>Last records</h2>
            \(view.recent.isEmpty ? "<p class=\"small\">None yet.</p>" : "<ul>\n\(rows)</ul>")
            <script>
            (function(){var img=document.getElementById('preview');if(!img)return;var base=img.getAttribute('src');
            var sep=base.indexOf('?')<0?'?':'&';function next(){setTimeout(function(){img.src=base+sep+'t='+Date.now();},1000);}
            img.addEventListener('load',next);img.addEventListener('error',next);})();
            </script>
            </body></html>

            """
    }

    /// HTML-escapes text for element content and quoted attributes (OCR output can
    /// contain anything, `<script>` included).
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}

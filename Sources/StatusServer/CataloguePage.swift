import Catalogue

/// The catalogue's pages: a search with its results, and one item with its dealer
/// fields in a form. Every value from the catalogue (OCR text, notes a person typed)
/// goes through `StatusPage.escape`.
enum CataloguePage {
    static func search(_ q: String, items: [CatalogueItem], limit: Int, link: (String) -> String, hiddenToken: String?) -> String {
        var rows = ""
        for i in items {
            let cells = [i.displayArtist, i.displayTitle, i.displayLabel, i.displayCatno, i.mediaCondition, i.sleeveCondition,
                         i.priceCents.map(Price.text), i.location, String(i.quantity)]
                .map { "<td>\(esc($0 ?? ""))</td>" }.joined()
            rows += "<tr><td><a href=\"\(esc(link("/catalogue/\(i.id)")))\">\(i.id)</a></td>\(cells)</tr>\n"
        }
        let summary = items.isEmpty ? "No items." : items.count == limit ? "The first \(limit) items." : "\(items.count) item(s)."
        // The search form is a GET: the token travels in the address, as on the main page.
        let tokenField = hiddenToken.map { "<input type=\"hidden\" name=\"token\" value=\"\(esc($0))\">" } ?? ""
        return document(title: q.isEmpty ? "Catalogue" : "Catalogue: \(q)", link: link, body: """
            <form method="get" action="/catalogue">\(tokenField)
            <input type="search" name="q" value="\(esc(q))" placeholder="artist, title, label, cat#, barcode, location, notes" autofocus>
            <button>Search</button></form>
            <p class="small">\(esc(summary))</p>
            \(items.isEmpty ? "" : """
            <table><tr><th>Id</th><th>Artist</th><th>Title</th><th>Label</th><th>Cat#</th><th>Media</th><th>Sleeve</th>\
            <th>Price</th><th>Location</th><th>Qty</th></tr>
            \(rows)</table>
            """)
            """)
    }

    static func item(_ i: CatalogueItem, csrf: String, editable: Bool, notice: String?, link: (String) -> String) -> String {
        let facts: [(String, String?)] = [
            ("Artist", i.displayArtist), ("Title", i.displayTitle), ("Label", i.displayLabel), ("Catalogue", i.displayCatno),
            ("Barcode", i.barcode), ("Release", i.releaseID.map { "Discogs \($0)" }),
            ("Captured", "\(i.capturedAt) at \(i.station)"), ("Record", i.recordPath),
        ]
        let dl = facts.compactMap { n, v in v.map { "<dt>\(n)</dt><dd>\(esc($0))</dd>" } }.joined()
        let form: String
        if editable {
            form = """
                <form method="post" action="\(esc(link("/catalogue/\(i.id)")))">
                <input type="hidden" name="csrf" value="\(esc(csrf))">
                <label>Media <select name="media">\(options(Grade.media, selected: i.mediaCondition))</select></label>
                <label>Sleeve <select name="sleeve">\(options(Grade.sleeve, selected: i.sleeveCondition))</select></label>
                <label>Price <input name="price" inputmode="decimal" value="\(esc(i.priceCents.map(Price.text) ?? ""))"></label>
                <label>Location <input name="location" maxlength="200" value="\(esc(i.location ?? ""))"></label>
                <label>Quantity <input name="quantity" type="number" min="1" max="10000" value="\(i.quantity)"></label>
                <label>Notes <textarea name="notes" maxlength="2000" rows="3">\(esc(i.notes ?? ""))</textarea></label>
                <button>Save</button></form>
                """
        } else {
            let fields: [(String, String?)] = [("Media", i.mediaCondition), ("Sleeve", i.sleeveCondition),
                                               ("Price", i.priceCents.map(Price.text)), ("Location", i.location),
                                               ("Quantity", String(i.quantity)), ("Notes", i.notes)]
            form = "<dl>" + fields.map { "<dt>\($0.0)</dt><dd>\(esc($0.1 ?? "–"))</dd>" }.joined() + "</dl>"
                + "<p class=\"small\">Editing needs a station token (start the station with --token-file PATH).</p>"
        }
        return document(title: "Item \(i.id)", link: link, body: """
            \(notice.map { "<p class=\"warn\">\(esc($0))</p>" } ?? "")
            <dl>\(dl)</dl>
            \(form)
            """)
    }

    static func message(_ title: String, _ text: String, link: (String) -> String) -> String {
        document(title: title, link: link, body: "<p class=\"warn\">\(esc(text))</p>")
    }

    private static func options(_ names: [String], selected: String?) -> String {
        "<option value=\"\"\(selected == nil ? " selected" : "")>–</option>"
            + names.map { "<option\($0 == selected ? " selected" : "")>\(esc($0))</option>" }.joined()
    }

    private static func document(title: String, link: (String) -> String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>sleevescan · \(esc(title))</title>
        <style>
        body{font:16px/1.4 system-ui,sans-serif;margin:0 auto;max-width:60em;padding:1em;color:#222;background:#fafafa}
        .warn{background:#f6d28b;padding:.5em}.small{font-size:.85em;color:#666}
        table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #ddd;padding:.2em .4em;text-align:left}
        dl{display:grid;grid-template-columns:auto 1fr;gap:0 .8em}dt{color:#666}dd{margin:0}
        label{display:block;margin:.5em 0}input,select,textarea{font:inherit;max-width:100%}
        </style></head><body>
        <p><a href="\(esc(link("/")))">Station</a> · <a href="\(esc(link("/catalogue")))">Catalogue</a></p>
        <h1>\(esc(title))</h1>
        \(body)
        </body></html>

        """
    }

    private static func esc(_ s: String) -> String { StatusPage.escape(s) }
}

/// Ranks candidate releases against the evidence of one physical record and names one
/// only when the evidence says so with a clear margin.
///
/// Each piece of evidence adds points by how much it tells releases apart (a barcode
/// more than a label name) and a printed fact that disagrees with a release takes
/// points away and marks it contradicted: a contradicted release is never named. A
/// release is named only when it is supported by an identifier (barcode, catno or
/// matrix), has enough points, and leads the next candidate by `margin` points; when
/// two releases agree on everything printed and only their dead wax differs, neither is
/// named until a dead-wax record is given.
public struct ReleaseMatcher: Sendable {
    /// Points a named release needs at least.
    public var minimumScore: Double
    /// Points the named release must lead the next candidate by.
    public var margin: Double
    /// Candidates listed in the answer.
    public var listed: Int

    public init(minimumScore: Double = 5, margin: Double = 3, listed: Int = 5) {
        self.minimumScore = minimumScore
        self.margin = margin
        self.listed = listed
    }

    /// One candidate's standing: its points, what gave them, and what contradicts it.
    public struct Standing: Sendable, Equatable {
        public var facts: ReleaseFacts
        public var points: Double = 0
        public var evidence: [Identification.Evidence] = []
        public var contradictions: [String] = []
        /// Barcode, catno or matrix agreed: something that identifies, not just describes.
        public var identified = false
        /// Catno matches (line, span) for the check that a shorter catno is not just the
        /// start of a longer one printed.
        var catnoMatches: [(line: Int, span: ClosedRange<Int>)] = []

        public static func == (a: Standing, b: Standing) -> Bool {
            a.facts == b.facts && a.points == b.points && a.evidence == b.evidence && a.contradictions == b.contradictions
        }

        mutating func add(_ kind: String, _ value: String, _ weight: Double, identifies: Bool = false) {
            points += weight
            evidence.append(Identification.Evidence(kind: kind, value: value, weight: (weight * 100).rounded() / 100))
            if identifies { identified = true }
        }

        mutating func contradict(_ kind: String, _ value: String, _ weight: Double) {
            points -= weight
            contradictions.append(kind)
            evidence.append(Identification.Evidence(kind: kind + "Differs", value: value, weight: -weight))
        }
    }

    public func identify(_ e: RecordEvidence, candidates: [ReleaseFacts]) -> Identification {
        let read = ReadText(e)
        var standings = candidates.map { judge(e, read, $0) }
        dropSubsumedCatnos(&standings, e)
        standings.sort { $0.points != $1.points ? $0.points > $1.points : $0.facts.id < $1.facts.id }
        return decide(e, standings)
    }

    /// The points of one candidate against the evidence.
    public func judge(_ e: RecordEvidence, _ r: ReleaseFacts) -> Standing {
        judge(e, ReadText(e), r)
    }

    /// The trigrams of the record's label, artist and title fields, made once for all
    /// the candidates of one identification.
    struct ReadText {
        var labels: [Set<UInt64>]
        var artists: [Set<UInt64>]
        var titles: [Set<UInt64>]

        init(_ e: RecordEvidence) {
            func codes(_ texts: [String]) -> [Set<UInt64>] {
                texts.map { TextSimilarity.trigramCodes(TextSimilarity.normalise($0)) }
            }
            labels = codes(e.labels)
            artists = codes(e.artists)
            titles = codes(e.titles)
        }
    }

    func judge(_ e: RecordEvidence, _ read: ReadText, _ r: ReleaseFacts) -> Standing {
        var s = Standing(facts: r)
        judgeBarcode(e, r, &s)
        judgeCatno(e, r, &s)
        judgeDescription(e, read, r, &s)
        judgeMatrix(e, r, &s)
        return s
    }

    private func judgeBarcode(_ e: RecordEvidence, _ r: ReleaseFacts, _ s: inout Standing) {
        let keys = r.barcodes.compactMap(BarcodeKey.normalise)
        var agreed = false
        for read in e.barcodes {
            for k in keys {
                guard let a = k.agreement(withRead: read) else { continue }
                s.add("barcode", read.key, a == .same ? 6 : 5, identifies: true)
                agreed = true
                break
            }
            if agreed { break }
        }
        if !agreed {
            outer: for run in e.digitRuns {
                for k in keys where k.agreement(withRead: run) != nil || k.key == run.key {
                    s.add("barcodeText", run.key, 5, identifies: true)
                    agreed = true
                    break outer
                }
            }
        }
        guard !agreed, let read = e.barcodes.first else { return }
        if keys.contains(where: \.valid) {
            s.contradict("barcode", read.key, 8)
        } else if keys.isEmpty {
            // The dump often lacks a barcode the sleeve carries: not ruled out, but less likely.
            s.add("barcodeNotListed", read.key, -1)
        }
    }

    private func judgeCatno(_ e: RecordEvidence, _ r: ReleaseFacts, _ s: inout Standing) {
        // Catalog keys are ASCII: their `utf8.count` is their length, without walking
        // Characters for every phrase of every candidate.
        let catnos = r.labels.map(\.catno).filter { let k = CatalogKey.exact($0); return k.utf8.count >= 2 && k != "NONE" }
        guard !catnos.isEmpty else { return }
        var best: (weight: Double, catno: String, matches: [(Int, ClosedRange<Int>)])?
        var suffixed: String?
        for c in catnos {
            let exact = CatalogKey.exact(c), folded = CatalogKey.folded(c)
            // A short catno ("820") is a weaker clue than a long one: more releases share it.
            let length = folded.utf8.count
            let specificity = exact.utf8.count >= 5 ? 1.0 : exact.utf8.count == 4 ? 0.75 : 0.5
            let exactHits = e.catnoPhrases.filter { $0.exact == exact }
            let foldHits = e.catnoPhrases.filter { $0.folded == folded }
            let hits = exactHits.isEmpty ? foldHits : exactHits
            let clean = hits.filter { !$0.suffixed }
            if clean.isEmpty {
                // Printed with a suffix word after it, or glued to it (`2538X`).
                let glued = length >= 4 && e.catnoPhrases.contains { p in
                    let printed = p.folded.utf8.count
                    return printed > length && printed <= length + 3 && p.folded.hasPrefix(folded)
                        && p.folded.utf8.dropFirst(length).allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
                }
                if !hits.isEmpty || glued { suffixed = c }
                continue
            }
            let weight = (exactHits.contains { !$0.suffixed } ? 4 : 3) * specificity
            guard weight > (best?.weight ?? 0) else { continue }
            best = (weight, c, clean.map { ($0.line, $0.span) })
        }
        if let best {
            s.add("catno", best.catno, best.weight, identifies: true)
            s.catnoMatches = best.matches.map { (line: $0.0, span: $0.1) }
            return
        }
        if let suffixed {
            // Printed only with more after it: another edition's catno, or this one's?
            s.contradict("catno", suffixed + " followed by more", 3)
            return
        }
        let read = e.catalogNumbers.filter { CatalogKey.isPlausible(CatalogKey.exact($0)) }
        guard let printed = read.first else {
            s.add("catnoNotSeen", catnos[0], -1.5)
            return
        }
        // One misread glyph beyond the folded confusions (same length): close, not the same.
        // A catno one character longer or shorter is another edition's (`2538` vs `2538X`).
        let near = catnos.contains { c in
            read.contains { p in
                let a = Array(CatalogKey.folded(p)), b = Array(CatalogKey.folded(c))
                return a.count == b.count && a.count >= 5 && zip(a, b).filter { $0 != $1 }.count == 1
            }
        }
        if near { s.add("catnoNear", catnos[0], 1.5) } else { s.contradict("catno", printed, 4) }
    }

    /// A catno matched only as the start of a longer catno printed in the same place
    /// (`SNGI 319` inside `SNGI 319 LTD`) is the other release's, not this one's.
    private func dropSubsumedCatnos(_ standings: inout [Standing], _ e: RecordEvidence) {
        let all = standings.flatMap(\.catnoMatches)
        for i in standings.indices where !standings[i].catnoMatches.isEmpty {
            let mine = standings[i].catnoMatches
            let subsumed = mine.allSatisfy { m in
                all.contains { o in
                    o.line == m.line && m.line >= 0 && o.span != m.span
                        && o.span.lowerBound <= m.span.lowerBound && o.span.upperBound >= m.span.upperBound
                }
            }
            guard subsumed, let k = standings[i].evidence.firstIndex(where: { $0.kind == "catno" }) else { continue }
            let ev = standings[i].evidence.remove(at: k)
            standings[i].points -= ev.weight
            standings[i].contradict("catno", ev.value + " (inside a longer catno)", 4)
            standings[i].identified = standings[i].evidence.contains { ["barcode", "barcodeText", "matrix"].contains($0.kind) }
        }
    }

    private func judgeDescription(_ e: RecordEvidence, _ read: ReadText, _ r: ReleaseFacts, _ s: inout Standing) {
        // Label: printed where it was parsed, or anywhere in the text.
        var label = (score: 0.0, name: "")
        for l in r.labels {
            let name = DiscogsName.withoutSuffix(l.name)
            let normalised = TextSimilarity.normalise(name)
            let codes = TextSimilarity.trigramCodes(normalised)
            let direct = read.labels.map { TextSimilarity.similarity($0, codes) }.max() ?? 0
            let anywhere = normalised.hasCharacters(atLeast: 4) ? TextSimilarity.containment(of: codes, in: e.textTrigrams) : 0
            let score = max(direct, anywhere >= 0.85 ? anywhere : 0)
            if score > label.score { label = (score, name) }
        }
        if label.score >= 0.7 { s.add("label", label.name, 1.5 * label.score) }

        if let printed = e.country, let country = r.country, let agrees = CountryName.agrees(printed: printed, dump: country) {
            if agrees { s.add("country", country, 1.5) } else { s.contradict("country", printed, 4) }
        }
        if let printed = e.year, let year = r.year {
            if printed == year { s.add("year", String(year), 1) } else { s.contradict("year", String(printed), 3) }
        }

        let artistNames = [r.creditedArtist, r.artistDisplay] + r.artists.flatMap { [$0.name] + ($0.anv.map { [$0] } ?? []) }
        let artist = bestText(read.artists, artistNames, e.textTrigrams)
        if artist >= 0.6 { s.add("artist", r.creditedArtist, 1.5 * artist) }
        let title = bestText(read.titles, [r.title], e.textTrigrams)
        if title >= 0.6 { s.add("title", r.title, 1.5 * title) }

        // Tracklist: how many of the release's titles are printed, and durations that agree.
        let titled = r.tracks.map { TextSimilarity.normalise($0.title) }.filter { $0.hasCharacters(atLeast: 3) }
        if !titled.isEmpty, !e.textTrigrams.isEmpty {
            let found = titled.filter {
                TextSimilarity.containment(of: TextSimilarity.trigramCodes($0), in: e.textTrigrams) >= 0.75
            }.count
            let share = Double(found) / Double(titled.count)
            if share >= 0.3 { s.add("tracks", "\(found)/\(titled.count)", 2 * share) }
        }
        let durations = Set(r.tracks.map(\.duration).filter { !$0.isEmpty })
        let read = e.tracks.compactMap(\.duration)
        if durations.count >= 2, read.count >= 2 {
            let agree = read.filter(durations.contains).count
            if agree >= 2 { s.add("durations", "\(agree)/\(read.count)", Double(agree) / Double(max(read.count, durations.count))) }
        }
    }

    private func bestText(_ read: [Set<UInt64>], _ names: [String], _ text: Set<UInt64>) -> Double {
        var best = 0.0
        for n in names where !n.isEmpty {
            let normalised = TextSimilarity.normalise(n)
            let codes = TextSimilarity.trigramCodes(normalised)
            for r in read { best = max(best, TextSimilarity.similarity(r, codes)) }
            if normalised.hasCharacters(atLeast: 4) { best = max(best, TextSimilarity.containment(of: codes, in: text) >= 0.85 ? 0.85 : 0) }
        }
        return best
    }

    private func judgeMatrix(_ e: RecordEvidence, _ r: ReleaseFacts, _ s: inout Standing) {
        // A run of a few glyphs is noise, not a matrix.
        let reads = e.matrices.filter { MatrixKey.normalise($0).count >= 5 }
        guard !reads.isEmpty, !r.matrices.isEmpty else { return }
        var best: (points: Double, edits: Int, value: String)?
        var markNotInView: String?
        let catnos = r.labels.map(\.catno)
        for read in reads {
            for m in r.matrices {
                guard let p = MatrixKey.points(read: read, dump: m, catnos: catnos) else { continue }
                // Off a photo of the whole disc, a run read up to a mark this value lists
                // after it: the mark would be in view, so not this pressing's run.
                if e.matricesInFullView.contains(read), MatrixKey.missesListedMark(read: read, dump: m) {
                    markNotInView = markNotInView ?? read
                    continue
                }
                if p.points > (best?.points ?? 0) { best = (p.points, p.edits, m) }
            }
        }
        if let best, best.edits == 0 {
            s.add("matrix", best.value, best.points, identifies: true)
            return
        }
        if let read = markNotInView {
            s.contradict("matrix", read, 3)
            return
        }
        // Not the run as listed: where the run spells the catno, the part after it decides
        // whether the read is this pressing's run misread or another pressing's.
        var verdicts: [(MatrixKey.Pressing, read: String, value: String)] = []
        for read in reads {
            for m in r.matrices {
                if let v = MatrixKey.pressing(read: read, dump: m, catnos: catnos) { verdicts.append((v, read, m)) }
            }
        }
        if let v = verdicts.first(where: { $0.0 == .misreadWhereAllPressingsAgree }) {
            s.add("matrixNear", v.value, 4.5, identifies: true)
        } else if let v = verdicts.first(where: { $0.0 == .otherLacquer }) {
            s.contradict("matrix", v.read, 3)
        } else if let best {
            s.add("matrixNear", best.value, best.points, identifies: true)
        }
    }

    private func decide(_ e: RecordEvidence, _ ranked: [Standing]) -> Identification {
        // Candidates with nothing agreeing are no candidates at all.
        let kept = ranked.filter { $0.evidence.contains { $0.weight >= 1.5 } }
        guard let top = kept.first else {
            return Identification(discogsId: nil, score: 0, evidence: [], candidates: [], canonical: nil,
                                  reason: "no release in the index agrees with what was read")
        }
        let runnerUp = kept.dropFirst().first?.points ?? 0
        let scores = Self.shares(kept.map(\.points))
        var reason: String?
        var named = false
        if !top.contradictions.isEmpty {
            let what = top.contradictions.map { Self.factNames[$0] ?? $0 }.joined(separator: ", ")
            reason = "the closest release differs in its \(what): likely a pressing the index does not hold"
        } else if !top.identified {
            reason = "no barcode, catalog number or matrix was read that names a release; the text alone fits several"
        } else if e.textTrigrams.isEmpty, e.catalogNumbers.isEmpty, e.matrices.isEmpty {
            // A barcode-only read: editions sharing the code (a coloured one, a club
            // edition) differ in what is printed, and nothing printed was read.
            reason = "only a barcode was read: nothing printed to tell the editions sharing it apart"
        } else if Self.restsOnCatnoAlone(top), e.country == nil {
            // Labels reuse a catno for the pressings of several countries: with no barcode
            // or matrix to tell them apart, the printed country must agree.
            reason = "the catalog number fits, but labels reuse it in several countries and the country was not read"
        } else if e.hasDeadWax, !top.evidence.contains(where: { $0.kind == "matrix" || $0.kind == "matrixNear" }),
                  kept.contains(where: { $0.contradictions == ["matrix"] }) {
            // The dead wax shows another lacquer than a release agreeing with all that is
            // printed: a pressing listed without its matrix, or one the index lacks.
            reason = "the dead wax shows another pressing than the one the index lists with its matrix"
        } else if top.points < minimumScore {
            reason = "too little was read to name a release"
        } else if top.points - runnerUp < margin {
            let rival = kept[1]
            let legible = e.matrices.contains { MatrixKey.normalise($0).count >= 5 }
            if !legible, rival.contradictions.isEmpty, top.facts.matrices != rival.facts.matrices,
               !top.facts.matrices.isEmpty || !rival.facts.matrices.isEmpty {
                reason = e.hasDeadWax
                    ? "the dead wax would decide, but no matrix was legible in its photo: photograph the run-out closer"
                    : "the dead wax would decide: these pressings differ only in their matrix; photograph the run-out"
            } else if legible, [top, rival].allSatisfy({ $0.evidence.contains { $0.kind == "matrix" || $0.kind == "matrixNear" } }) {
                reason = "the dead-wax read fits more than one pressing: photograph the run-out closer"
            } else {
                reason = "the best two releases fit about equally well"
            }
        } else {
            named = true
        }
        let candidates = kept.prefix(listed).enumerated().map { i, s in
            Identification.Candidate(discogsId: s.facts.id, score: scores[i], artist: s.facts.artistDisplay,
                                     title: s.facts.title, catno: s.facts.firstCatno, country: s.facts.country,
                                     year: s.facts.year)
        }
        return Identification(discogsId: named ? top.facts.id : nil, score: named ? scores[0] : 0,
                              evidence: top.evidence, candidates: candidates,
                              canonical: named ? Identification.Canonical(top.facts) : nil,
                              reason: reason)
    }

    /// What each kind of contradicted evidence is called in a reason.
    static let factNames = ["barcode": "barcode", "catno": "catalog number", "country": "country", "year": "year",
                            "matrix": "matrix (dead wax)"]

    /// Named by its catno, with no barcode or matrix agreeing.
    static func restsOnCatnoAlone(_ s: Standing) -> Bool {
        !s.evidence.contains { ["barcode", "barcodeText", "matrix", "matrixNear"].contains($0.kind) }
    }

    /// Points turned into shares of belief, 0…1 and rounded: a softmax over the
    /// candidates plus "none of these" at the minimum score, so a lone weak candidate
    /// does not get a high share.
    static func shares(_ points: [Double]) -> [Double] {
        guard let top = points.first else { return [] }
        let none = 2.0
        let m = max(top, none)
        let weights = points.map { exponential($0 - m) }
        let total = weights.reduce(0, +) + exponential(none - m)
        return weights.map { ($0 / total * 1000).rounded() / 1000 }
    }

    /// e^x without Foundation (the core has none): range-reduced series.
    static func exponential(_ x: Double) -> Double {
        if x < -40 { return 0 }
        var n = 0
        var y = x
        while y < -0.5 { y /= 2; n += 1 }
        var term = 1.0, sum = 1.0
        for k in 1...20 { term *= y / Double(k); sum += term }
        for _ in 0..<n { sum *= sum }
        return sum
    }
}

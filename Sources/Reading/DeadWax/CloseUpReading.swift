import SleeveCore

/// Close-ups of the run-out as collectors photograph it: the disc's centre often
/// outside the frame, the run curving along the groove at any angle, a strip of
/// the printed label in view.
extension DeadWaxReader {
    /// The row band's width is also read at this fraction: measured at 0.55, 0.65
    /// and 0.75 on the shared and four held-out close-up sets, 0.75 gave the most.
    static let narrowedLine = 0.75
    /// A run's line (its row band, letters and margin) shorter than this, in strip
    /// pixels, is also read enlarged 2×. Measured on the shared and four held-out
    /// close-up sets: below 45 gained on the four held-out and lost on none; below 60
    /// lost the shared set an exact reading; 1.5× gained less.
    static let shortLineHeight = 45

    /// Finds the band along the arcs, unwraps it, reads it every way it can lie
    /// (upright, upside down, and mirrored as a CD's hub reads through the disc) and
    /// keeps the most confident reading. Nothing legible: a warning and the strip
    /// kept for a person.
    func readCloseUp(_ gray: GrayImage, into record: inout SleeveRecord, timings: inout StageTimer) {
        let inGray = timings.measure("runout") { runoutLocator.locate(gray) }
        guard let band = inGray ?? timings.measure("runout", { locateInColour(gray) }) else {
            record.warnings.append("no disc, label edge or run-out arc found (photograph the run-out with the label's edge in view)")
            return
        }
        record.disc = SleeveRecord.Disc(center: band.center, radius: nil, labelRadius: band.labelRadius)
        guard let raw = timings.measure("unwrap", { runoutUnwrapper.unwrap(gray, band: band) }) else {
            record.warnings.append("the run-out band is not in the photo; dead wax not read")
            return
        }
        readBand(raw, into: &record, timings: &timings)
        // Nothing legible where, on black wax, the label's edge may be where the grooves
        // begin (a black label shows no step of its own): the band inside is read too.
        if record.matrix.isEmpty, inGray != nil,
           let inside = timings.measure("runout", { runoutLocator.bandInsideGrooves(gray, of: band) }),
           let innerRaw = timings.measure("unwrap", { runoutUnwrapper.unwrap(gray, band: inside) }) {
            var second = record
            readBand(innerRaw, into: &second, timings: &timings)
            if !second.matrix.isEmpty {
                second.disc = SleeveRecord.Disc(center: inside.center, radius: nil, labelRadius: inside.labelRadius)
                record = second
            }
        }
        if record.matrix.isEmpty {
            record.warnings.append("run-out found but not legible: the unwrapped band is saved beside the record for a person to read")
            unreadableStrip = raw.image
        }
    }

    /// One way the band is made into dark ink on white, and the forms of it read.
    struct BandEnhancement {
        var enhance: (UnwrappedStrip) -> EtchingEnhancer.Result
        /// Read mirrored too: only a CD's hub reads mirrored (through the disc), and its
        /// engraving shows in the dark and paired strips. The lit-edge strips, for
        /// etched vinyl, are not (on the shared and held-out close-ups their mirrored
        /// readings never won but on junk).
        var readsMirrored: Bool
        /// Read narrowed along the groove too (see `narrowedLine`).
        var readsNarrowed: Bool
        /// Read cut in two at a gap between runs too (`LinePieces`).
        var readsInPieces = false
    }

    /// Lit edges for etched vinyl; engraving on a CD's hub shows dark; stamped strokes
    /// as their light and shadow edges paired; and lit edges again, scaled for fainter
    /// strokes (`faintRunEnhancer`).
    var bandEnhancements: [BandEnhancement] {
        var dark = reliefEnhancer
        dark.litEdges = false
        return [
            // In pieces in this strip only: in all four, the readings were the same on
            // the shared and two held-out close-up sets, for more passes.
            BandEnhancement(enhance: reliefEnhancer.enhance, readsMirrored: false, readsNarrowed: true, readsInPieces: true),
            BandEnhancement(enhance: dark.enhance, readsMirrored: true, readsNarrowed: true),
            BandEnhancement(enhance: shadedReliefEnhancer.enhance, readsMirrored: true, readsNarrowed: true),
            // Its narrowed readings added nothing on the shared and four held-out
            // close-up sets: two fewer OCR passes.
            BandEnhancement(enhance: faintRunEnhancer.enhance, readsMirrored: false, readsNarrowed: false),
        ]
    }

    /// Reads an unwrapped band into `record.matrix` (empty when nothing is legible).
    private func readBand(_ raw: UnwrappedStrip, into record: inout SleeveRecord, timings: inout StageTimer) {
        let enhancements = bandEnhancements
        let strips = timings.measure("enhance") {
            let enhanced = enhancements.map { $0.enhance(raw) }
            // A band seen all round is cut between runs, not through one.
            guard let seam = raw.quietSeam(columnInk: enhanced[0].columnInk) else { return enhanced.map(\.image) }
            return enhanced.map { raw.cut($0.image, at: seam) }
        }
        var variants: [(image: GrayImage, oneLine: Bool)] = []
        for (enhancement, strip) in zip(enhancements, strips) {
            let strokes = TextRowBand.rowStrokes(strip)
            // Speckle all over (a run lost in noisy wax): seconds of sparse-text OCR
            // per variant for letter soup; the strip is left to a person instead.
            if SpeckledStrip.isSpeckle(rowStrokes: strokes, width: strip.width) { continue }
            // The run is one line along the groove: cut to its row band, it reads
            // as a single line; the whole band stays as a sparse-text reading for
            // strips whose ink does not pile up in one band.
            let mirrored = enhancement.readsMirrored
            var forms = [(image: strip, oneLine: false, mirrored: mirrored)]
            if recognizer is LineRecognizing, let located = RunLineLocation.find(in: strip, rowStrokes: strokes) {
                // Cut to its letters where groove remnants or the photo's edge lie
                // beside the run: they are read as letters and disturb the run's own
                // (a stamped `S11938-B3 MASTERDISK` read `119358-B3 …` with them,
                // exactly without). Instead of the whole band, not as well: measured
                // better on two of three close-up sets and a fifth less OCR.
                let line = located.line(of: strip)
                forms.append((line, true, mirrored))
                // Narrowed along the groove as well: stamped letters set a letter's
                // width apart are read as two or three letters each, or not at all
                // (`VSL63301-B2` read `VSLG663301-B2`, exactly narrowed); the
                // readings then choose between the two as between any variants.
                if enhancement.readsNarrowed { forms.append((line.narrowed(by: Self.narrowedLine), true, mirrored)) }
                // A short line is read at twice its size as well: the recogniser
                // misreads small letters it reads right when larger (`2-10953-2` read
                // `2-10952-2`, `GRT-14634-D2` read `GRT 14634-D2`, exactly at 2×). Not
                // mirrored: those readings gained nothing on the five close-up sets,
                // and a short line in the dark and paired strips costs four passes fewer.
                if line.height < Self.shortLineHeight { forms.append((line.scaled(by: 2).image, true, false)) }
                // A stamped code and an etching beside it read apart as well as together.
                if enhancement.readsInPieces, let cut = LinePieces.cut(line) {
                    forms.append((line.cropped(x: 0, y: 0, width: cut, height: line.height).image, true, false))
                    forms.append((line.cropped(x: cut, y: 0, width: line.width - cut, height: line.height).image, true, false))
                }
            }
            for form in forms {
                let upright = Self.padded(form.image), flipped = Self.padded(form.image.rotated180())
                variants += [upright, flipped].map { ($0, form.oneLine) }
                if form.mirrored { variants += [upright.mirroredHorizontally(), flipped.mirroredHorizontally()].map { ($0, form.oneLine) } }
            }
        }
        do {
            let runs = try timings.measure("ocr") { try mostMatrixLikeReading(variants) }
            var seen = Set<String>()
            // Two-letter marks alone: not legible, the strip goes to a person instead.
            record.matrix = MatrixParser.isOnlyShortMarks(runs) ? [] : runs.filter { seen.insert($0.text).inserted }
                .map(SleeveRecord.MatrixEntry.init)
        } catch {
            record.warnings.append("OCR failed: \(error)")
        }
    }
}

extension DeadWaxReader {
    /// The band found in the file's colour channels, for a label that differs from
    /// coloured wax in hue but hardly in gray (purple on brown: gray 99 against 96,
    /// blue 160 against 35). The channel whose label edge most rays see wins; the
    /// band is then read in gray as any other. Nil for a frame without its file, a
    /// gray file, or channels that only repeat gray.
    func locateInColour(_ gray: GrayImage) -> RunoutBand? {
        guard searchesColourChannels, let data = fileBeingRead,
              let channels = try? decoder.decodeColourChannels(data) else { return nil }
        let orientation = ExifOrientation.read(from: data) ?? .upright
        let upright = channels.map { $0.turnedUpright(orientation).image }
        var best: (band: RunoutBand, support: Int)?
        for plane in ColourPlanes.distinct(from: gray, planes: upright) {
            guard let fit = runoutLocator.fitted(plane) else { continue }
            if fit.support > best?.support ?? 0 { best = fit }
        }
        return best?.band
    }

    /// Reads every variant and keeps the runs of the one that reads most like a
    /// matrix: plausible runs only (junk letters from an upside-down or mirrored
    /// reading are not), weighted by how sure the recogniser was of each character
    /// and by the shapes a matrix has (`MatrixGrammar.evidence`), and raised by how
    /// far the other variants' readings agree with it. A word without a matrix's
    /// shape takes the recogniser's runner-up characters where they give it one.
    func mostMatrixLikeReading(_ variants: [(image: GrayImage, oneLine: Bool)]) throws -> [MatrixRun] {
        var readings: [(runs: [MatrixRun], scored: ReadingConsensus.Reading)] = []
        let parser = MatrixParser()
        for (strip, oneLine) in variants {
            let words = try symbolWords(strip, oneLine: oneLine)
            var kept: [(box: TextBox, symbols: [RecognizedSymbol])] = [], confidence = 0.0
            for read in words {
                let word = read.word
                let text = read.symbols.isEmpty ? word.box.text : MatrixGrammar.repaired(word.box.text, symbols: read.symbols)
                let box = TextBox(text, Rect(x: word.box.rect.x * Double(strip.width),
                                             y: word.box.rect.y * Double(strip.height),
                                             width: word.box.rect.width * Double(strip.width),
                                             height: word.box.rect.height * Double(strip.height)))
                let legible = box.text.filter { $0.isLetter || $0.isNumber }.count
                guard MatrixGrammar.wordConfidence(word, symbols: read.symbols) >= minimumConfidence || legible >= 4 else { continue }
                kept.append((box, read.symbols))
                confidence += word.confidence
            }
            guard !kept.isEmpty else { continue }
            let plausible = parser.runs(from: kept.map(\.box)).compactMap { parser.parse($0) }.filter(MatrixParser.isPlausibleRun)
            // A second run only where it is plausible as one of the matrix's: junk
            // read beside the code ("S272") is not, and no evidence for the reading.
            let keptWords = kept.map { ($0.box.text, $0.symbols) }
            let runs = CompanionRuns.kept(plausible, words: keptWords)
            let score: Double
            if recognizer is SymbolRecognizing {
                score = MatrixGrammar.evidence(keptWords, runs: runs)
            } else {
                // Words alone: their confidence stands in for the characters'.
                let meanConfidence = max(1, confidence / Double(kept.count))
                score = runs.reduce(0.0) { sum, run in
                    sum + Double(run.text.filter { $0.isLetter || $0.isNumber }.count) * meanConfidence * MatrixParser.shapeWeight(run)
                }
            }
            readings.append((runs, ReadingConsensus.Reading(runs.map(\.text).joined(separator: " "), score: score)))
        }
        guard let chosen = ReadingConsensus.choose(readings.map(\.scored)) else { return [] }
        return readings[chosen].runs
    }

    /// The variant's words, with their characters when the recogniser gives them.
    func symbolWords(_ strip: GrayImage, oneLine: Bool) throws -> [SymbolWord] {
        if let symbols = recognizer as? any SymbolRecognizing {
            return try symbols.recognizeSymbols(strip, asLine: oneLine)
        }
        let lineReader = recognizer as? any LineRecognizing
        let words = try oneLine ? lineReader?.recognizeLine(strip) ?? [] : recognizer.recognize(strip)
        return words.map { SymbolWord($0, symbols: []) }
    }
}

extension GrayImage {
    /// Left and right swapped: engraving on a CD's hub seen through the disc.
    public func mirroredHorizontally() -> GrayImage {
        var out = pixels
        for y in 0..<height {
            let row = y * width
            for x in 0..<width { out[row + x] = pixels[row + width - 1 - x] }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}

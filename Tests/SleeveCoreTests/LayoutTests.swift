import Testing
@testable import SleeveCore

/// Each failure mode of reading order and word joining, pinned with array literals.
@Suite struct LayoutTests {
    @Test func twoColumnTracklistFedInterleavedReadsRowByRow() {
        // Tesseract's sparse mode hands back titles first, then the durations column.
        let boxes = [
            TextBox("A1", x: 0.05, y: 0.30, width: 0.03, height: 0.02),
            TextBox("Battery", x: 0.09, y: 0.30, width: 0.12, height: 0.02),
            TextBox("A2", x: 0.05, y: 0.34, width: 0.03, height: 0.02),
            TextBox("Orion", x: 0.09, y: 0.34, width: 0.09, height: 0.02),
            TextBox("A3", x: 0.05, y: 0.38, width: 0.03, height: 0.02),
            TextBox("Damage", x: 0.09, y: 0.38, width: 0.11, height: 0.02),
            TextBox("5:10", x: 0.55, y: 0.301, width: 0.05, height: 0.02),
            TextBox("8:27", x: 0.55, y: 0.341, width: 0.05, height: 0.02),
            TextBox("5:32", x: 0.55, y: 0.379, width: 0.05, height: 0.02),
        ]
        let lines = ReadingOrder().lines(boxes).map(\.text)
        #expect(lines == ["A1 Battery 5:10", "A2 Orion 8:27", "A3 Damage 5:32"])
    }

    @Test func bottomLeftOriginBoxesComeOutTopToBottom() {
        // Vision-style boxes: y measured up from the bottom, so the top line has the larger y.
        let raw: [(String, Double, Double)] = [("lower", 0.10, 0.20), ("upper", 0.10, 0.80), ("middle", 0.10, 0.50)]
        let boxes = raw.map { text, x, y in
            TextBox(text, CoordinateSpace.flipNormalized(Rect(x: x, y: y, width: 0.2, height: 0.03)))
        }
        #expect(ReadingOrder().lines(boxes).map(\.text) == ["upper", "middle", "lower"])

        let pixel = CoordinateSpace.normalize(x: 10, y: 700, width: 100, height: 50,
                                              imageWidth: 1000, imageHeight: 1000, origin: .bottomLeft)
        #expect(abs(pixel.y - 0.25) < 1e-12)
    }

    @Test func spacesComeFromGapsRelativeToCharacterWidth() {
        let ride = [
            TextBox("RIDE", x: 0.10, y: 0.5, width: 0.12, height: 0.04),
            TextBox("THE", x: 0.24, y: 0.5, width: 0.09, height: 0.04),
            TextBox("LIGHTNING", x: 0.35, y: 0.5, width: 0.27, height: 0.04),
        ]
        #expect(WordJoiner().join(ride) == "RIDE THE LIGHTNING")

        // The engine split one word: a hairline gap (0.006) against 0.03 per character.
        let metallica = [
            TextBox("METALLI", x: 0.10, y: 0.2, width: 0.21, height: 0.05),
            TextBox("CA", x: 0.316, y: 0.2, width: 0.06, height: 0.05),
        ]
        #expect(WordJoiner().join(metallica) == "METALLICA")
    }

    @Test func catalogNumberBetweenTitleAndDurationLosesToTheDurationOnTheBaseline() {
        let title = TextBox("Battery", x: 0.10, y: 0.40, width: 0.15, height: 0.03)
        let boxes = [
            title,
            // Printed higher up on the right; earlier in array order than the duration.
            TextBox("60439-1", x: 0.30, y: 0.30, width: 0.10, height: 0.03),
            TextBox("5:10", x: 0.60, y: 0.405, width: 0.06, height: 0.03),
        ]
        let value = LabelValue.value(for: title, in: boxes) { Duration.parse($0.text) != nil || CatalogNumber.looksLike($0.text) }
        #expect(value?.text == "5:10")
        #expect(ReadingOrder().lines(boxes).map(\.text).contains("Battery 5:10"))
    }

    @Test func boxesOfOneRowThatStraddleAFixedBandEdgeStayOneRow() {
        // A fixed 0.05-high band would cut at y = 0.50: these midpoints sit either side.
        let boxes = [
            TextBox("Copper", x: 0.10, y: 0.488, width: 0.10, height: 0.02),
            TextBox("Tide", x: 0.22, y: 0.492, width: 0.07, height: 0.02),
        ]
        let lines = LineClusterer().lines(boxes)
        #expect(lines.count == 1)
        #expect(lines.first?.text == "Copper Tide")
    }

    @Test func labelFarLeftAndValueFarRightStayOneLine() {
        let boxes = [
            TextBox("THE", x: 0.06, y: 0.06, width: 0.08, height: 0.04),
            TextBox("SMITHS", x: 0.16, y: 0.06, width: 0.16, height: 0.04),
            TextBox("YKP", x: 0.83, y: 0.065, width: 0.05, height: 0.02),
            TextBox("28974", x: 0.89, y: 0.065, width: 0.06, height: 0.02),
        ]
        let lines = ReadingOrder().lines(boxes)
        #expect(lines.count == 1)
        #expect(lines[0].segments.map(\.text) == ["THE SMITHS", "YKP 28974"])
    }

    @Test func twoProseColumnsAreNotInterleaved() {
        // Left and right columns on slightly different baselines, fed row-interleaved.
        var boxes: [TextBox] = []
        for row in 0..<5 {
            let y = 0.20 + Double(row) * 0.04
            boxes.append(TextBox("left\(row)a", x: 0.05, y: y, width: 0.15, height: 0.02))
            boxes.append(TextBox("left\(row)b", x: 0.22, y: y, width: 0.15, height: 0.02))
            boxes.append(TextBox("right\(row)a", x: 0.55, y: y + 0.012, width: 0.15, height: 0.02))
            boxes.append(TextBox("right\(row)b", x: 0.72, y: y + 0.012, width: 0.15, height: 0.02))
        }
        let lines = ReadingOrder().lines(boxes).map(\.text)
        #expect(lines == (0..<5).map { "left\($0)a left\($0)b" } + (0..<5).map { "right\($0)a right\($0)b" })
    }

    @Test func sideBySideTracklistsAreTwoColumnsEachWithItsOwnRows() {
        var boxes: [TextBox] = []
        let a = [("A1", "Lust Gone", "11:38"), ("A2", "Time Desert", "10:27"), ("A3", "You", "9:39")]
        let b = [("B1", "Welcome Thing", "12:11"), ("B2", "Numb Brain", "9:09"), ("B3", "Hop", "11:04")]
        for (col, rows) in [a, b].enumerated() {
            let x = 0.06 + Double(col) * 0.50
            for (i, row) in rows.enumerated() {
                let y = 0.26 + Double(i) * 0.045
                boxes.append(TextBox(row.0, x: x, y: y, width: 0.025, height: 0.02))
                boxes.append(TextBox(row.1, x: x + 0.04, y: y, width: Double(row.1.count) * 0.012, height: 0.02))
                boxes.append(TextBox(row.2, x: x + 0.36, y: y, width: 0.05, height: 0.02))
            }
        }
        // Side A is read to its end before side B starts, each row with its own duration.
        #expect(ReadingOrder().lines(boxes.shuffledDeterministically()).map(\.text) == [
            "A1 Lust Gone 11:38", "A2 Time Desert 10:27", "A3 You 9:39",
            "B1 Welcome Thing 12:11", "B2 Numb Brain 9:09", "B3 Hop 11:04",
        ])
    }

    @Test func misreadDurationsStillPairWithTheirRows() {
        // Harvested from a flatbed scan in a light geometric face: the engine misread
        // 12:10, 1:27 and 4:21 as "Zao", "We27" and "4:2]". Those three rows must not
        // split off into a column of their own.
        let boxes = [
            TextBox("ROLL", x: 0.1178, y: 0.2272, width: 0.0567, height: 0.0189),
            TextBox("DOG", x: 0.1833, y: 0.2272, width: 0.0578, height: 0.0189),
            TextBox("Zao", x: 0.6206, y: 0.2272, width: 0.0567, height: 0.0183),
            TextBox("Al.", x: 0.0717, y: 0.2278, width: 0.0356, height: 0.0178),
            TextBox("[X2.", x: 0.0717, y: 0.2650, width: 0.0356, height: 0.0183),
            TextBox("ANIMALS", x: 0.1167, y: 0.2650, width: 0.1044, height: 0.0189),
            TextBox("LIGHTNING", x: 0.3072, y: 0.2650, width: 0.1256, height: 0.0183),
            TextBox("MOTHER", x: 0.4422, y: 0.2650, width: 0.0950, height: 0.0183),
            TextBox("We27", x: 0.6206, y: 0.2650, width: 0.0422, height: 0.0183),
            TextBox("NUMB", x: 0.2306, y: 0.2656, width: 0.0678, height: 0.0178),
            TextBox("AS.", x: 0.0717, y: 0.3028, width: 0.0356, height: 0.0183),
            TextBox("COMFORTABLY", x: 0.1172, y: 0.3028, width: 0.1739, height: 0.0183),
            TextBox("NOT", x: 0.3000, y: 0.3028, width: 0.0472, height: 0.0183),
            TextBox("HEY", x: 0.3556, y: 0.3028, width: 0.0428, height: 0.0183),
            TextBox("4:2]", x: 0.6172, y: 0.3028, width: 0.0422, height: 0.0183),
        ]
        let lines = ReadingOrder().lines(boxes).map(\.text)
        #expect(lines == [
            "Al. ROLL DOG Zao",
            "[X2. ANIMALS NUMB LIGHTNING MOTHER We27",
            "AS. COMFORTABLY NOT HEY 4:2]",
        ])
    }
}

extension Array {
    /// A fixed permutation (no randomness in tests): evens then odds, reversed.
    func shuffledDeterministically() -> [Element] {
        let evens = stride(from: 0, to: count, by: 2).map { self[$0] }
        let odds = stride(from: 1, to: count, by: 2).map { self[$0] }
        return (odds + evens).reversed()
    }
}

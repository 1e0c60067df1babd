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
        let lines = ReadingOrder().lines(boxes).map(\.text)
        #expect(lines.contains("Battery 5:10"))
        #expect(!lines.contains { $0.contains("Battery") && $0.contains("60439-1") })
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

    @Test func sideATitlesKeepTheirDurationsWhenSideBSharesTheRows() {
        // Harvested from a flatbed scan with sides A and B side by side (the whole page).
        // The gutter between side A's titles and its durations must not split the page
        // into "titles" and "durations + side B".
        let boxes = [
            TextBox("ART", x: 0.0622, y: 0.0611, width: 0.0761, height: 0.0328),
            TextBox("BLAKEY", x: 0.1544, y: 0.0617, width: 0.1506, height: 0.0322),
            TextBox("SDFI", x: 0.8650, y: 0.0617, width: 0.0378, height: 0.0161),
            TextBox("220", x: 0.9100, y: 0.0622, width: 0.0278, height: 0.0156),
            TextBox("IRON", x: 0.1361, y: 0.1306, width: 0.0739, height: 0.0294),
            TextBox("YEARS", x: 0.2217, y: 0.1306, width: 0.1056, height: 0.0294),
            TextBox("TEN", x: 0.0622, y: 0.1311, width: 0.0600, height: 0.0278),
            TextBox("TRAIN", x: 0.3378, y: 0.1311, width: 0.0922, height: 0.0278),
            TextBox("SIDE", x: 0.0622, y: 0.2206, width: 0.0539, height: 0.0183),
            TextBox("SIDE", x: 0.5606, y: 0.2206, width: 0.0539, height: 0.0183),
            TextBox("A", x: 0.1244, y: 0.2211, width: 0.0156, height: 0.0172),
            TextBox("B", x: 0.6239, y: 0.2211, width: 0.0139, height: 0.0172),
            TextBox("A1", x: 0.0622, y: 0.2589, width: 0.0194, height: 0.0167),
            TextBox("Harvest", x: 0.0978, y: 0.2589, width: 0.0650, height: 0.0172),
            TextBox("Blue", x: 0.1700, y: 0.2589, width: 0.0367, height: 0.0172),
            TextBox("Heroes", x: 0.2144, y: 0.2589, width: 0.0594, height: 0.0172),
            TextBox("Leper", x: 0.2817, y: 0.2589, width: 0.0483, height: 0.0217),
            TextBox("B1", x: 0.5617, y: 0.2589, width: 0.0183, height: 0.0172),
            TextBox("Master", x: 0.5961, y: 0.2589, width: 0.0572, height: 0.0172),
            TextBox("Dogs", x: 0.6606, y: 0.2589, width: 0.0428, height: 0.0222),
            TextBox("3:00", x: 0.4433, y: 0.2594, width: 0.0361, height: 0.0167),
            TextBox("4:51", x: 0.9411, y: 0.2594, width: 0.0339, height: 0.0167),
            TextBox("Glass", x: 0.2139, y: 0.2961, width: 0.0478, height: 0.0178),
            TextBox("Going", x: 0.7172, y: 0.2961, width: 0.0494, height: 0.0228),
            TextBox("Sabbath", x: 0.7739, y: 0.2961, width: 0.0700, height: 0.0178),
            TextBox("A2", x: 0.0622, y: 0.2967, width: 0.0222, height: 0.0167),
            TextBox("Harvest", x: 0.0978, y: 0.2967, width: 0.0650, height: 0.0172),
            TextBox("King", x: 0.1700, y: 0.2967, width: 0.0361, height: 0.0222),
            TextBox("Eclipse", x: 0.2694, y: 0.2967, width: 0.0594, height: 0.0217),
            TextBox("B2", x: 0.5617, y: 0.2967, width: 0.0211, height: 0.0172),
            TextBox("Black", x: 0.5961, y: 0.2967, width: 0.0456, height: 0.0172),
            TextBox("Electric", x: 0.6489, y: 0.2967, width: 0.0611, height: 0.0172),
            TextBox("T:47", x: 0.4433, y: 0.2972, width: 0.0361, height: 0.0167),
            TextBox("5:05", x: 0.9417, y: 0.2972, width: 0.0361, height: 0.0167),
            TextBox("Gone", x: 0.5956, y: 0.3339, width: 0.0456, height: 0.0178),
            TextBox("A3", x: 0.0617, y: 0.3344, width: 0.0228, height: 0.0172),
            TextBox("Damage", x: 0.0978, y: 0.3344, width: 0.0706, height: 0.0222),
            TextBox("River", x: 0.1761, y: 0.3344, width: 0.0433, height: 0.0172),
            TextBox("11:19", x: 0.4333, y: 0.3344, width: 0.0461, height: 0.0172),
            TextBox("B3", x: 0.5611, y: 0.3344, width: 0.0217, height: 0.0172),
            TextBox("Time", x: 0.6472, y: 0.3344, width: 0.0422, height: 0.0172),
            TextBox("11:53", x: 0.9317, y: 0.3350, width: 0.0461, height: 0.0167),
            TextBox("Children", x: 0.7189, y: 0.3717, width: 0.0700, height: 0.0178),
            TextBox("B4", x: 0.5611, y: 0.3722, width: 0.0217, height: 0.0172),
            TextBox("Damage", x: 0.5961, y: 0.3722, width: 0.0706, height: 0.0222),
            TextBox("Ride", x: 0.6744, y: 0.3722, width: 0.0372, height: 0.0172),
            TextBox("Harvest", x: 0.7972, y: 0.3722, width: 0.0650, height: 0.0172),
            TextBox("7:14", x: 0.9417, y: 0.3728, width: 0.0361, height: 0.0167),
            TextBox("Produced", x: 0.0628, y: 0.5533, width: 0.0506, height: 0.0106),
            TextBox("by", x: 0.1178, y: 0.5533, width: 0.0117, height: 0.0139),
            TextBox("Steely", x: 0.1339, y: 0.5533, width: 0.0333, height: 0.0139),
            TextBox("Dan", x: 0.1717, y: 0.5533, width: 0.0206, height: 0.0106),
            TextBox("and", x: 0.1967, y: 0.5533, width: 0.0194, height: 0.0106),
            TextBox("Not", x: 0.2211, y: 0.5533, width: 0.0178, height: 0.0106),
            TextBox("Stairway", x: 0.2433, y: 0.5533, width: 0.0456, height: 0.0139),
            TextBox("Recorded", x: 0.0628, y: 0.5767, width: 0.0511, height: 0.0111),
            TextBox("Eclipse", x: 0.1328, y: 0.5767, width: 0.0378, height: 0.0139),
            TextBox("Studios,", x: 0.1744, y: 0.5767, width: 0.0428, height: 0.0128),
            TextBox("London", x: 0.2228, y: 0.5767, width: 0.0389, height: 0.0111),
            TextBox("at", x: 0.1183, y: 0.5778, width: 0.0094, height: 0.0100),
            TextBox("Cover", x: 0.0622, y: 0.6006, width: 0.0317, height: 0.0106),
            TextBox("design", x: 0.0978, y: 0.6006, width: 0.0344, height: 0.0139),
            TextBox("by", x: 0.1372, y: 0.6006, width: 0.0122, height: 0.0139),
            TextBox("Comfortably", x: 0.1533, y: 0.6006, width: 0.0656, height: 0.0139),
            TextBox("Sheep", x: 0.2233, y: 0.6006, width: 0.0344, height: 0.0139),
            TextBox("ll", x: 0.7400, y: 0.7972, width: 0.0328, height: 0.0700),
            TextBox("|", x: 0.7933, y: 0.7972, width: 0.0061, height: 0.0700),
            TextBox("|", x: 0.8139, y: 0.7972, width: 0.0122, height: 0.0700),
            TextBox("|", x: 0.8350, y: 0.7972, width: 0.0122, height: 0.0700),
            TextBox("|", x: 0.8544, y: 0.7972, width: 0.0061, height: 0.0700),
            TextBox("|", x: 0.8756, y: 0.7972, width: 0.0094, height: 0.0700),
            TextBox("3227967158279", x: 0.7689, y: 0.8794, width: 0.1239, height: 0.0122),
            TextBox("(P)", x: 0.0622, y: 0.9183, width: 0.0150, height: 0.0144),
            TextBox("Capitol", x: 0.1122, y: 0.9183, width: 0.0367, height: 0.0139),
            TextBox("Records.", x: 0.1544, y: 0.9183, width: 0.0461, height: 0.0111),
            TextBox("Made", x: 0.2061, y: 0.9183, width: 0.0294, height: 0.0111),
            TextBox("in", x: 0.2406, y: 0.9183, width: 0.0078, height: 0.0111),
            TextBox("1982", x: 0.0828, y: 0.9189, width: 0.0250, height: 0.0106),
            TextBox("Germany.", x: 0.2528, y: 0.9189, width: 0.0517, height: 0.0139),
            TextBox("SDFI", x: 0.3094, y: 0.9189, width: 0.0261, height: 0.0106),
            TextBox("220", x: 0.3406, y: 0.9189, width: 0.0194, height: 0.0106),
        ]
        let lines = ReadingOrder().lines(boxes).map(\.text)
        #expect(lines.contains("A1 Harvest Blue Heroes Leper 3:00"))
        #expect(lines.contains("A3 Damage River 11:19"))
        #expect(lines.contains("B1 Master Dogs 4:51"))
        let a3 = lines.firstIndex(of: "A3 Damage River 11:19"), b1 = lines.firstIndex(of: "B1 Master Dogs 4:51")
        #expect(a3 != nil && b1 != nil && a3! < b1!)
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

@Suite struct CropTests {
    @Test func normalisedCropsAreClippedToTheImage() {
        var image = GrayImage(width: 10, height: 8, fill: 0)
        for y in 0..<8 { for x in 0..<10 { image[x, y] = UInt8(y * 10 + x) } }
        let normalised = image.cropped(normalized: Rect(x: 0.2, y: 0.25, width: 0.3, height: 0.25), margin: 0)
        #expect(normalised.width == 3 && normalised.height == 2 && normalised.pixels == [22, 23, 24, 32, 33, 34])
        let edge = image.cropped(normalized: Rect(x: 0.8, y: 0, width: 0.3, height: 0.25), margin: 0.5)
        #expect(edge.width == 4 && edge.height == 3 && edge.pixels == [6, 7, 8, 9, 16, 17, 18, 19, 26, 27, 28, 29])
    }

    /// A region grown past the page's edge is cut back to it; one wholly off it is empty.
    @Test func rectanglesAreClippedToThePage() {
        let edge = Rect(x: -0.1, y: 0.9, width: 0.3, height: 0.2).clippedToPage
        #expect(edge.minX == 0 && edge.maxY == 1 && abs(edge.width - 0.2) < 1e-12 && abs(edge.minY - 0.9) < 1e-12)
        let off = Rect(x: 1.2, y: -0.5, width: 0.1, height: 0.2).clippedToPage
        #expect(off.width == 0 && off.height == 0)
        let inside = Rect(x: 0.2, y: 0.3, width: 0.4, height: 0.5).clippedToPage
        #expect(inside.minX == 0.2 && inside.minY == 0.3 && abs(inside.width - 0.4) < 1e-12 && abs(inside.height - 0.5) < 1e-12)
    }
}

@Suite struct CaptionBetweenColumnsTests {
    /// Shaped after a magazine page (a picture between two columns, its caption set
    /// across the gutter, one left line running into the gutter): both columns are
    /// read whole, the overshooting line stays in its column, the caption comes last.
    @Test func captionIsReadAfterTheColumnsAndOvershootStaysInItsColumn() {
        var boxes: [TextBox] = []
        for row in 0..<24 {
            let y = 0.10 + Double(row) * 0.03
            // Left column 0.10…0.47, right column 0.52…0.90; row 16 on the left overshoots.
            let leftEnd = row == 16 ? 0.505 : 0.47
            boxes.append(TextBox("L\(row)a", x: 0.10, y: y, width: 0.17, height: 0.015))
            boxes.append(TextBox("L\(row)b", x: 0.29, y: y, width: leftEnd - 0.29, height: 0.015))
            boxes.append(TextBox("R\(row)a", x: 0.52, y: y + 0.004, width: 0.17, height: 0.015))
            boxes.append(TextBox("R\(row)b", x: 0.71, y: y + 0.004, width: 0.19, height: 0.015))
        }
        // Two short caption lines centred on the gutter, between rows 10 and 11.
        boxes.append(TextBox("CAPTION", x: 0.45, y: 0.4155, width: 0.09, height: 0.006))
        boxes.append(TextBox("LINES", x: 0.46, y: 0.4225, width: 0.07, height: 0.006))
        let lines = ReadingOrder().lines(boxes).map(\.text)
        let left = (0..<24).map { "L\($0)a L\($0)b" }, right = (0..<24).map { "R\($0)a R\($0)b" }
        #expect(Array(lines.prefix(24)) == left)
        #expect(Array(lines.dropFirst(24).prefix(24)) == right)
        #expect(Array(lines.dropFirst(48)) == ["CAPTION", "LINES"])
    }
}

@Suite struct PageToneTests {
    @Test func aDarkPageComesBackDarkOnLight() {
        // Light "print" (200) on a dark sleeve (40): the background is the median.
        var page = GrayImage(width: 40, height: 20, fill: 40)
        for x in 5..<15 { for y in 8..<11 { page[x, y] = 200 } }
        let out = PageTone.darkOnLight(page)
        #expect(out[0, 0] > 200, "background now light")
        #expect(out[10, 9] < 60, "print now dark")
    }

    @Test func aLightPageIsLeftAlone() {
        var page = GrayImage(width: 40, height: 20, fill: 230)
        for x in 5..<15 { for y in 8..<11 { page[x, y] = 20 } }
        #expect(PageTone.darkOnLight(page) == page)
    }
}

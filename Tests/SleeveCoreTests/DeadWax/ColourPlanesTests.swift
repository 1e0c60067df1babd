import SleeveCore
import Testing

@Suite struct ColourPlanesTests {
    let gray = GrayImage(width: 4, height: 2, pixels: [96, 96, 99, 99,
                                                       96, 96, 99, 99])

    /// Blue of brown wax and a purple label: far from gray, kept.
    @Test func aChannelThatDiffersFromGrayIsKept() {
        let blue = GrayImage(width: 4, height: 2, pixels: [35, 35, 160, 160,
                                                           35, 35, 160, 160])
        #expect(ColourPlanes.distinct(from: gray, planes: [blue], stride: 1) == [blue])
    }

    /// A neutral photo's channels repeat gray within a level or two: nothing to search.
    @Test func aChannelThatRepeatsGrayIsLeftOut() {
        let red = GrayImage(width: 4, height: 2, pixels: [97, 95, 100, 98,
                                                          96, 97, 99, 101])
        #expect(ColourPlanes.distinct(from: gray, planes: [red], stride: 1).isEmpty)
        // The threshold is the mean difference (here 7/8 of a level): at half a level
        // the same plane counts, at one it does not.
        #expect(ColourPlanes.distinct(from: gray, planes: [red], minimumMeanDifference: 0.5, stride: 1) == [red])
        #expect(ColourPlanes.distinct(from: gray, planes: [red], minimumMeanDifference: 1, stride: 1).isEmpty)
    }

    @Test func aPlaneOfAnotherSizeIsLeftOut() {
        let other = GrayImage(width: 2, height: 4, fill: 0)
        #expect(ColourPlanes.distinct(from: gray, planes: [other], stride: 1).isEmpty)
    }
}

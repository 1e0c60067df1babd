import Testing
@testable import SleeveCore

/// Which sleeve a dead-wax capture joins: the newest sleeve captured at most the window
/// before it, with every dead-wax capture made since that sleeve.
@Suite struct DeadWaxJoinTests {
    static func sleeve(_ name: String, _ time: Double) -> DeadWaxJoin.Capture { .init(name: name, isDeadWax: false, time: time) }
    static func deadWax(_ name: String, _ time: Double) -> DeadWaxJoin.Capture { .init(name: name, isDeadWax: true, time: time) }

    @Test func bothSidesJoinTheNewestSleeveBeforeThem() {
        let captures = [Self.sleeve("sleeve-1", 100), Self.deadWax("deadwax-1", 130), Self.sleeve("sleeve-2", 200),
                        Self.deadWax("deadwax-2", 240), Self.deadWax("deadwax-3", 260)]
        // Side B of the second record: its sleeve, and side A photographed before it.
        #expect(DeadWaxJoin.group(for: captures[4], among: captures, window: 180)
                == .init(sleeve: "sleeve-2", deadWax: ["deadwax-2", "deadwax-3"]))
        // The first record's side stays with the first sleeve, however the folder lists them.
        #expect(DeadWaxJoin.group(for: captures[1], among: captures.reversed(), window: 180)
                == .init(sleeve: "sleeve-1", deadWax: ["deadwax-1"]))
    }

    @Test func aDiscPhotographedLongAfterTheSleeveJoinsNothing() {
        let captures = [Self.sleeve("sleeve-1", 100), Self.deadWax("deadwax-1", 281)]
        #expect(DeadWaxJoin.group(for: captures[1], among: captures, window: 180) == nil)
        #expect(DeadWaxJoin.group(for: captures[1], among: captures, window: 181)?.sleeve == "sleeve-1")
        // 0 turns the join off.
        #expect(DeadWaxJoin.group(for: captures[1], among: captures, window: 0) == nil)
    }

    @Test func aSleeveCapturedAfterTheDiscOrNoSleeveAtAllJoinsNothing() {
        let later = [Self.deadWax("deadwax-1", 100), Self.sleeve("sleeve-1", 110)]
        #expect(DeadWaxJoin.group(for: later[0], among: later, window: 180) == nil)
        let alone = [Self.deadWax("deadwax-1", 100), Self.deadWax("deadwax-2", 110)]
        #expect(DeadWaxJoin.group(for: alone[1], among: alone, window: 180) == nil)
        // A sleeve record never joins as if it were a disc.
        let sleeves = [Self.sleeve("sleeve-1", 100), Self.sleeve("sleeve-2", 110)]
        #expect(DeadWaxJoin.group(for: sleeves[1], among: sleeves, window: 180) == nil)
    }
}

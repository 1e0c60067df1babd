import Testing
@testable import SleeveCore

@Suite struct DisjointSetsTests {
    @Test func joinedMembersShareTheSmallestAsRoot() {
        var sets = DisjointSets(count: 6)
        sets.join(4, 2)
        sets.join(2, 5)
        sets.join(1, 3)
        #expect([2, 4, 5].map { sets.root($0) } == [2, 2, 2])
        #expect([1, 3].map { sets.root($0) } == [1, 1])
        #expect(sets.root(0) == 0)
        sets.join(5, 3)
        #expect((1...5).allSatisfy { sets.root($0) == 1 })
    }
}

/// Disjoint sets over `0..<count` (union–find with path halving): which words make
/// one block (`WeakTextRegions`), which runs of ink make one mark (`UnreadRows`). A
/// set's root is its smallest member.
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
    }

    mutating func join(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}

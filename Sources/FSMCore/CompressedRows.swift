/// Rows of integers stored back to back in one array (compressed sparse rows): row `r` is
/// `values[starts[r]..<starts[r + 1]]`.
///
/// The layout behind ``MachineIndex``'s adjacency. Two flat arrays instead of an array per
/// row, so walking a million-transition graph allocates nothing and stays in cache, and hot
/// loops can read both arrays through one buffer pointer each.
public struct CompressedRows: Hashable, Sendable {
    /// Where each row starts in ``values``, followed by the end of the last row:
    /// ``rowCount`` + 1 nondecreasing offsets, the first 0.
    public let starts: [Int]
    /// Every row's values, row after row.
    public let values: [Int]

    /// Rows from their offsets and values; `starts` must begin with 0, never decrease and end
    /// with `values.count`.
    public init(starts: [Int], values: [Int]) {
        precondition(starts.first == 0 && starts.last == values.count, "row offsets must span the values")
        self.starts = starts
        self.values = values
    }

    /// The number of rows.
    public var rowCount: Int { starts.count - 1 }

    /// The values of row `row`.
    public subscript(row: Int) -> ArraySlice<Int> {
        values[starts[row]..<starts[row + 1]]
    }

    /// Whether row `row` has no values.
    public func isEmpty(row: Int) -> Bool { starts[row] == starts[row + 1] }
}

/// Finds the value that belongs to a label by geometry, not by array order.
public enum LabelValue {
    /// The nearest box to the right of `label` whose vertical overlap with it is
    /// over half the smaller height, among the boxes that satisfy `accept`.
    public static func value(
        for label: TextBox, in boxes: [TextBox], where accept: (TextBox) -> Bool = { _ in true }
    ) -> TextBox? {
        boxes
            .filter { $0 != label && $0.rect.minX >= label.rect.maxX - 0.25 * label.characterWidth }
            .filter { $0.rect.sharesRow(with: label.rect) && accept($0) }
            .min { $0.rect.minX - label.rect.maxX < $1.rect.minX - label.rect.maxX }
    }
}

/// An optional that the synthesised `Codable` writes as `null` when absent, where a
/// plain optional's key would be left out: the record's contract (DESIGN.md) keeps
/// absent values as explicit nulls. Decoding takes a missing key as nil, so records
/// written before a key existed still read.
///
///     @NullKept public var addon: String?
@propertyWrapper
public struct NullKept<Value: Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Absent until set, as a plain optional property starts.
    public init() {
        wrappedValue = nil
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

extension NullKept: Equatable where Value: Equatable {}
extension NullKept: Hashable where Value: Hashable {}

extension KeyedDecodingContainer {
    /// A `@NullKept` key that is missing reads as nil (the synthesised decoder would
    /// otherwise require it).
    public func decode<Value>(_: NullKept<Value>.Type, forKey key: Key) throws -> NullKept<Value> {
        try decodeIfPresent(NullKept<Value>.self, forKey: key) ?? NullKept()
    }
}

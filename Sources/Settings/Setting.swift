/// A typed handle on one configuration key: its declaration (name, kind, default,
/// meaning) and how its value reads as `Value`. Declared once, in Declarations.swift.
public struct Setting<Value: Sendable>: Sendable {
    public let declaration: ConfigKey
    private let read: @Sendable (ConfigValue) -> Value?

    public var name: String { declaration.name }

    /// The built-in default (what `config[setting]` gives when nothing overrides it).
    public var defaultValue: Value { read(declaration.defaultValue)! }

    /// The value of `stored`, which the configuration validated against the
    /// declaration when it was set.
    func value(_ stored: ConfigValue) -> Value { read(stored) ?? defaultValue }
}

extension Setting where Value == Int {
    init(_ name: String, _ range: ClosedRange<Int>, default value: Int, doc: String) {
        declaration = ConfigKey(name: name, kind: .int(range), defaultValue: .int(value), doc: doc)
        read = { if case let .int(v) = $0 { v } else { nil } }
    }
}

extension Setting where Value == Double {
    init(_ name: String, _ range: ClosedRange<Double>, default value: Double, doc: String) {
        declaration = ConfigKey(name: name, kind: .double(range), defaultValue: .double(value), doc: doc)
        read = {
            switch $0 {
            case let .double(v): v
            case let .int(v): Double(v)
            default: nil
            }
        }
    }
}

extension Setting where Value == Bool {
    init(_ name: String, default value: Bool, doc: String) {
        declaration = ConfigKey(name: name, kind: .bool, defaultValue: .bool(value), doc: doc)
        read = { if case let .bool(v) = $0 { v } else { nil } }
    }
}

extension Setting where Value == String {
    init(_ name: String, default value: String, doc: String) {
        declaration = ConfigKey(name: name, kind: .string, defaultValue: .string(value), doc: doc)
        read = { if case let .string(v) = $0 { v } else { nil } }
    }

    init(_ name: String, choices: [String], default value: String, doc: String) {
        declaration = ConfigKey(name: name, kind: .choice(choices), defaultValue: .string(value), doc: doc)
        read = { if case let .string(v) = $0 { v } else { nil } }
    }
}

extension Setting where Value == String? {
    init(_ name: String, default value: String?, doc: String) {
        declaration = ConfigKey(name: name, kind: .optionalString, defaultValue: value.map { .string($0) } ?? .null, doc: doc)
        read = {
            switch $0 {
            case let .string(v): .some(v)
            case .null: .some(nil)
            default: nil
            }
        }
    }
}

extension Configuration {
    /// The setting's value in force. One subscript per value type, so that
    /// `config[.maxPixels]` finds its handle among the declarations of that type.
    public subscript(_ setting: Setting<Int>) -> Int { value(setting) }
    public subscript(_ setting: Setting<Double>) -> Double { value(setting) }
    public subscript(_ setting: Setting<Bool>) -> Bool { value(setting) }
    public subscript(_ setting: Setting<String>) -> String { value(setting) }
    public subscript(_ setting: Setting<String?>) -> String? { value(setting) }

    func value<Value>(_ setting: Setting<Value>) -> Value {
        setting.value(values[setting.name] ?? setting.declaration.defaultValue)
    }

    /// Sets a setting from a command-line value (`--port 8081`), checked as a file's
    /// value would be; `origin` names the option in the error.
    public mutating func set(_ setting: Setting<Int>, json: Any, origin: String) throws { try set(setting.name, json: json, origin: origin) }
    public mutating func set(_ setting: Setting<Double>, json: Any, origin: String) throws { try set(setting.name, json: json, origin: origin) }
    public mutating func set(_ setting: Setting<Bool>, json: Any, origin: String) throws { try set(setting.name, json: json, origin: origin) }
    public mutating func set(_ setting: Setting<String>, json: Any, origin: String) throws { try set(setting.name, json: json, origin: origin) }
    public mutating func set(_ setting: Setting<String?>, json: Any, origin: String) throws { try set(setting.name, json: json, origin: origin) }
}

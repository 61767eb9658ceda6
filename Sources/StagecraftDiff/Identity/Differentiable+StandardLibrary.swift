// Standard library value types are their own identifiers and compare content with `==`,
// so `[Int]`, `[String]` and the like can be diffed directly.

extension Bool: Differentiable {}
extension Character: Differentiable {}
extension Double: Differentiable {}
extension Float: Differentiable {}
extension Int: Differentiable {}
extension Int8: Differentiable {}
extension Int16: Differentiable {}
extension Int32: Differentiable {}
extension Int64: Differentiable {}
extension String: Differentiable {}
extension Substring: Differentiable {}
extension UInt: Differentiable {}
extension UInt8: Differentiable {}
extension UInt16: Differentiable {}
extension UInt32: Differentiable {}
extension UInt64: Differentiable {}
extension Unicode.Scalar: Differentiable {}

// swift-format-ignore-file
// A stub of exactly the SwiftUI declarations that StagedCollection and its documented app
// code use, so that CI can type-check them on Linux, where SwiftUI does not exist. Each
// declaration is transcribed from Apple's documentation page named above it
// (https://developer.apple.com/documentation/swiftui/...): its name, labels, generic
// constraints, optionality and main-actor isolation. The bodies are placeholders; nothing
// here runs, and nothing here checks layout, rendering or SwiftUI's update semantics.
@_exported import UIKit

// view
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// never (Never is a View whose body is Never)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// viewbuilder
@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
    TupleView((c0, c1))
  }
  public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2)
    -> TupleView<(C0, C1, C2)> { TupleView((c0, c1, c2)) }
  // viewbuilder/buildif(_:)
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  // viewbuilder/buildeither(first:)
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
  // viewbuilder/buildeither(second:)
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

// _conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  nonisolated init() {}
  public var body: Never { fatalError() }
}

// optional (Optional is a View when its wrapped value is)
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// tupleview
public struct TupleView<T>: View {
  nonisolated public init(_ value: T) {}
  public var body: Never { fatalError() }
}

// emptyview
public struct EmptyView: View {
  nonisolated public init() {}
  public var body: Never { fatalError() }
}

// text
public struct Text: View {
  // text/init(_:)-9d1g4 (a string)
  nonisolated public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError() }
}

// button
public struct Button<Label: View>: View {
  // button/init(_:action:)-lpm7 (a title)
  nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void)
  where Label == Text {}
  public var body: Never { fatalError() }
}

// vstack
public struct VStack<Content: View>: View {
  // vstack/init(alignment:spacing:content:)
  nonisolated public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

// navigationstack (iOS 16)
@available(iOS 16, tvOS 16, visionOS 1, *)
public struct NavigationStack<Data, Root: View>: View {
  // navigationstack/init(root:)
  nonisolated public init(@ViewBuilder root: () -> Root) where Data == Never {}
  public var body: Never { fatalError() }
}

// edgeinsets
public struct EdgeInsets: Equatable, Sendable {
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  // edgeinsets/init(top:leading:bottom:trailing:)
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }
  // edgeinsets/init()
  public init() { (top, leading, bottom, trailing) = (0, 0, 0, 0) }
}

// edge/set
public enum Edge: Int8, Sendable {
  case top, leading, bottom, trailing
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let all = Set(rawValue: 15)
  }
}

// binding
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  // binding/init(get:set:)-6g3d5
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject> { fatalError() }
}
extension Binding: @unchecked Sendable where Value: Sendable {}

// state: `@frozen @propertyWrapper struct State<Value>`, no isolation (developer.apple.com,
// SDK 27; the iOS 16.5 interface likewise)
@propertyWrapper public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) {}
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
  public var projectedValue: Binding<Value> { fatalError() }
}

// dynamicproperty
public protocol DynamicProperty {}

// environmentkey
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Self.Value { get }
}

// environmentvalues
public struct EnvironmentValues {
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { K.defaultValue }
    set {}
  }
}

// environment: `@frozen @propertyWrapper struct Environment<Value>`, no isolation (the iOS
// 16.5 interface; developer.apple.com, SDK 27)
@propertyWrapper public struct Environment<Value>: DynamicProperty {
  // environment/init(_:)-8slkf (a key path)
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public var wrappedValue: Value { fatalError() }
}

// animation
public struct Animation: Equatable, Sendable {}

// refreshaction: `public struct RefreshAction` in the iOS 16.5 interface, not Sendable; the
// library's call compiles either way (StagedCollectionController's _RefreshCall)
public struct RefreshAction {
  // refreshaction/callasfunction()
  public func callAsFunction() async {}
}
extension EnvironmentValues {
  // environmentvalues/refresh
  public var refresh: RefreshAction? { nil }
}

// anyview
public struct AnyView: View {
  // anyview/init(_:)-5cj6a (a view)
  nonisolated public init<V: View>(_ view: V) {}
  public var body: Never { fatalError() }
}

// horizontaledge
public enum HorizontalEdge: Int8, Sendable { case leading, trailing }

// transaction
public struct Transaction {
  // transaction/animation
  public var animation: Animation?
  // transaction/disablesanimations
  public var disablesAnimations: Bool
}

// primitivebuttonstyleconfiguration
public struct PrimitiveButtonStyleConfiguration {
  // primitivebuttonstyleconfiguration/label-swift.struct
  public struct Label: View {
    public var body: Never { fatalError() }
  }
  // primitivebuttonstyleconfiguration/label-swift.property
  public let label: PrimitiveButtonStyleConfiguration.Label
  // primitivebuttonstyleconfiguration/trigger()
  public func trigger() {}
}

// primitivebuttonstyle
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
  typealias Configuration = PrimitiveButtonStyleConfiguration
}

// defaultbuttonstyle
public struct DefaultButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

// primitivebuttonstyle/automatic
extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
  @MainActor @preconcurrency public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

// ModifiedContent stands for what each modifier returns; the stub keeps the types simple.
public struct ModifiedContent<Content, Modifier>: View {
  public var body: Never { fatalError() }
}

extension View {
  // view/environment(_:_:)
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> some View { ModifiedContent<Self, V>() }
  // view/buttonstyle(_:)-66fbx (a primitive button style)
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    ModifiedContent<Self, S>()
  }
  // view/toolbar(content:)-5w0tj
  public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    ModifiedContent<Self, Content>()
  }
  // view/opacity(_:)
  public func opacity(_ opacity: Double) -> some View { ModifiedContent<Self, Double>() }
  // view/allowshittesting(_:)
  public func allowsHitTesting(_ enabled: Bool) -> some View { ModifiedContent<Self, Bool>() }
  // view/transformenvironment(_:transform:)
  public func transformEnvironment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
  ) -> some View { ModifiedContent<Self, V>() }
  // view/refreshable(action:) (iOS 15)
  public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    ModifiedContent<Self, Int>()
  }
  // view/padding(_:_:)
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    ModifiedContent<Self, Edge.Set>()
  }
  // view/swipeactions(edge:allowsfullswipe:content:) (iOS 15)
  public func swipeActions<T: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    @ViewBuilder content: () -> T
  ) -> some View { ModifiedContent<Self, T>() }
  // view/onchange(of:perform:) (iOS 14; deprecated from iOS 17)
  public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void)
    -> some View { ModifiedContent<Self, V>() }
}

// uiviewcontrollerrepresentablecontext
@MainActor public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
  // uiviewcontrollerrepresentablecontext/coordinator
  public let coordinator: Representable.Coordinator
  // uiviewcontrollerrepresentablecontext/transaction
  public var transaction: Transaction
  // uiviewcontrollerrepresentablecontext/environment
  public var environment: EnvironmentValues
}

// uiviewcontrollerrepresentable
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Self.Body == Never {
  associatedtype UIViewControllerType: UIViewController
  associatedtype Coordinator = Void
  typealias Context = UIViewControllerRepresentableContext<Self>
  func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
  func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
}
extension UIViewControllerRepresentable {
  public var body: Never { fatalError() }
}

// uihostingconfiguration (iOS 16)
@available(iOS 16, tvOS 16, visionOS 1, *)
public struct UIHostingConfiguration<Content: View, Background: View>: UIContentConfiguration {
  // uihostingconfiguration/init(content:)
  public init(@ViewBuilder content: () -> Content) where Background == EmptyView {}
  // uihostingconfiguration/margins(_:_:)-5d4ai (a length)
  public func margins(_ edges: Edge.Set = .all, _ length: CGFloat) -> Self { self }
  // uihostingconfiguration/makecontentview()
  public func makeContentView() -> any UIView & UIContentView { fatalError() }
  // uihostingconfiguration/updated(for:)
  public func updated(for state: any UIConfigurationState) -> Self { self }
}

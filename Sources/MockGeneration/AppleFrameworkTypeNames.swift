/// Top-level types of the Apple frameworks an app's protocol files import — SwiftUI's and Combine's
/// commonest, by framework — which a mock's file then imports too: a type of another module with
/// one of these names (a finance app's `Transaction`, a settings module's `Toggle`) would be
/// ambiguous there, so the mock names it by its module. Unlike ``foundationTypeNames``, these are
/// not read from the frameworks (they are not on Linux): a name missing here leaves such a type
/// bare, as before.
let appleFrameworkTypeNames: [String: Set<String>] = [
    "SwiftUI": [
        "Alert", "Alignment", "Anchor", "Angle", "Animation", "Axis", "Binding", "Button", "Canvas", "Capsule",
        "Circle", "Color", "Divider", "Edge", "Ellipse", "Environment", "Font", "Form", "Gauge", "Gradient", "Grid",
        "Group", "Image", "Label", "Layout", "Link", "List", "Material", "Menu", "Namespace", "Path", "Picker",
        "Rectangle", "Scene", "Section", "Shape", "Slider", "Spacer", "State", "Stepper", "Table", "Text", "Toggle",
        "Transaction", "View", "Visibility", "Window",
    ],
    "Combine": [
        "AnyCancellable", "AnyPublisher", "AnySubscriber", "Cancellable", "CurrentValueSubject", "Deferred", "Empty",
        "Fail", "Future", "Just", "ObservableObject", "PassthroughSubject", "Published", "Publisher", "Publishers",
        "Record", "Scheduler", "Subject", "Subscriber", "Subscribers", "Subscription",
    ],
]

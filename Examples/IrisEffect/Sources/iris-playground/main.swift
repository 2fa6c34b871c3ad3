import IrisEffect
import TransitionKitPlayground

// The playground over iris and the built-ins: `swift run -c release iris-playground iris`.
Playground.main(effects: [Iris.self])

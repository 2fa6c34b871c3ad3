import TransitionKitPlayground

// The playground over the built-in effects: `swift run -c release playground [effect]`.
Playground.main()

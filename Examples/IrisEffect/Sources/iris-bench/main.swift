// iris-bench: effect-bench over the iris and the built-in effects, in one table.
//   swift run -c release iris-bench run --effects iris,radial --compare iris:radial
import EffectBenchKit
import IrisEffect

EffectBench.main(effects: [Iris.self])

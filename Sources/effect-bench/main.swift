import EffectBenchKit

// effect-bench: EffectBenchKit's program over the built-in effects (README.md, "effect-bench").
EffectBench.main()

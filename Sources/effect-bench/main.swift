print("effect-bench: not yet implemented")

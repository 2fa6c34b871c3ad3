// SwiftPM links an executable target with `main` = `<module>_main`; these hand the command
// line to libFuzzer's driver with the target's LLVMFuzzerTestOneInput (defined in Swift with
// @_cdecl), as libFuzzer's own main would.
#include <stddef.h>
#include <stdint.h>
#include "fuzz_main.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int fuzz_png_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }
int fuzz_trace_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

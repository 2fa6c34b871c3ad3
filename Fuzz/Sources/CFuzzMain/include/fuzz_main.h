// Entry points of the fuzz executables (see fuzz_main.c).
#pragma once
int fuzz_png_main(int argc, char **argv);
int fuzz_trace_main(int argc, char **argv);

#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's documented driver entry (compiler-rt FuzzerInterface.h): runs the fuzzer with the
/// given command line and callback, as libFuzzer's own `main` does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif

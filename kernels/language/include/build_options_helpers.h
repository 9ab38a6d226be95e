// Header for kernels/language/build_options.cl, found through -Ikernels/language/include
// (relative to the repository root, where the runner and the test harness run).
#ifndef BUILD_OPTIONS_HELPERS_H
#define BUILD_OPTIONS_HELPERS_H
#define TRIPLE(x) ((x) * 3)
inline int helper_offset(void) { return 40; }
#endif

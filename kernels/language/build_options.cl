// Build options: -D with and without a value, -U, -I for an include directory, and the -cl-*
// options that change the language: -cl-single-precision-constant (unsuffixed floating
// constants are float), -cl-fast-relaxed-math (defines __FAST_RELAXED_MATH__),
// -cl-mad-enable, -cl-denorms-are-zero, -cl-finite-math-only.
#include "build_options_helpers.h"

#ifndef SCALE
#error "SCALE must come from -DSCALE=..."
#endif

kernel void options(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    out[8 * i + 0] = in[i] * SCALE;
#ifdef FLAG
    out[8 * i + 1] = FLAG;                  // -DFLAG defines it as 1
#else
    out[8 * i + 1] = -1;
#endif
#ifdef REMOVED
    out[8 * i + 2] = -1;
#else
    out[8 * i + 2] = 2;                     // -DREMOVED=5 -UREMOVED
#endif
    out[8 * i + 3] = sizeof(0.5);           // 4 with -cl-single-precision-constant
#ifdef __FAST_RELAXED_MATH__
    out[8 * i + 4] = 1;
#else
    out[8 * i + 4] = 0;
#endif
    out[8 * i + 5] = TRIPLE(in[i]) + helper_offset();
    out[8 * i + 6] = NAME_LEN;
    out[8 * i + 7] = (int)(1.5 * in[i]);
}
